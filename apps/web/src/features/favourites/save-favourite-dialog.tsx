import { FavouriteNameSchema, type FavouriteInput, type FavouriteKind } from '@receta/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSaveFavourite } from './favourites-api.ts';

/** A favourite about to be saved: what it keeps, and the name proposed for it. */
export type UnnamedFavourite = Omit<FavouriteInput, 'name'> & { defaultName: string };

/** Names the line or the prescription the doctor saves as a favourite; the name proposed is the medicine's. */
export function SaveFavouriteDialog({ favourite, onClose }: {
  /** Null while the dialog is closed. */
  favourite: UnnamedFavourite | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kind: FavouriteKind = favourite?.kind ?? 'item';
  return (
    <FormDialog open={favourite !== null} title={t(`favourites.saveTitle.${kind}`)} onClose={onClose} maxWidth="xs">
      {favourite && <SaveFavouriteForm favourite={favourite} onClose={onClose} />}
    </FormDialog>
  );
}

function SaveFavouriteForm({ favourite: { defaultName, ...favourite }, onClose }: {
  favourite: UnnamedFavourite;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveFavourite();
  const form = useForm({ resolver: zodFormResolver(FavouriteNameSchema), defaultValues: { name: defaultName }, mode: 'onTouched' });

  async function submit({ name }: { name: string }) {
    try {
      notify({ message: (await save.mutateAsync({ ...favourite, name })).message, variant: 'success' });
      onClose();
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <DialogForm onSubmit={form.handleSubmit(submit)} onCancel={onClose} isSubmitting={form.formState.isSubmitting}>
      <FormTextField control={form.control} name="name" label={t('favourites.name')} required autoFocus />
    </DialogForm>
  );
}
