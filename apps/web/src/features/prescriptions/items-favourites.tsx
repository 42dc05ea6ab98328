import { prescriptionKindRules, type PrescriptionItemValues } from '@receta/domain';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useFormContext, useWatch, type UseFieldArrayReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify.ts';
import { FavouritesMenu, SaveFavouriteDialog, type UnnamedFavourite } from '../favourites/index.ts';
import {
  itemFormOf, itemInputOf, type PrescriptionFormOutput, type PrescriptionFormValues, type PrescriptionItemFormValues,
} from './prescription-form.ts';

function usePrescriptionForm() {
  return useFormContext<PrescriptionFormValues, unknown, PrescriptionFormOutput>();
}

const isWritten = (item: PrescriptionItemFormValues) => item.genericName.trim() !== '';

/** The name a saved line is offered: the medicine and its strength. */
const lineNameOf = (item: PrescriptionItemFormValues) => [item.genericName, item.strength].filter(Boolean).join(' ');

/**
 * Saves the lines as a favourite once each holds what a prescription requires; otherwise says
 * what is missing.
 */
function useSaveAsFavourite() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [saving, setSaving] = useState<UnnamedFavourite | null>(null);
  function save(kind: UnnamedFavourite['kind'], lines: PrescriptionItemFormValues[], defaultName: string) {
    const items = lines.map(itemInputOf);
    if (items.length === 0 || items.some((item) => item === undefined)) {
      notify({ message: t('favourites.incomplete'), variant: 'warning' });
      return;
    }
    setSaving({ kind, items: items.flatMap((item) => item ?? []), defaultName });
  }
  const dialog = <SaveFavouriteDialog favourite={saving} onClose={() => setSaving(null)} />;
  return { save, dialog };
}

/**
 * The favourites of the items section: "Favoritos" adds a saved line or prescription in one
 * click (into the empty line first, within the 3-line maximum), and the whole prescription's
 * lines can be saved as one favourite.
 */
export function ItemsFavourites({ items }: { items: UseFieldArrayReturn<PrescriptionFormValues, 'items'> }) {
  const { t } = useTranslation();
  const { control, getValues } = usePrescriptionForm();
  const lines = useWatch({ control, name: 'items' });
  const saveAsFavourite = useSaveAsFavourite();

  function add(favouriteItems: PrescriptionItemValues[]) {
    items.replace([...getValues('items').filter(isWritten), ...favouriteItems.map(itemFormOf)]);
  }

  function saveWhole() {
    const written = getValues('items').filter(isWritten);
    saveAsFavourite.save('prescription', written, written.map(lineNameOf).join(' + ').slice(0, 100));
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <FavouritesMenu
        freeLines={prescriptionKindRules.medication.maxItems - lines.filter(isWritten).length}
        onAdd={add}
      />
      <Button startIcon={<StarBorder />} onClick={saveWhole}>{t('favourites.savePrescription')}</Button>
      {saveAsFavourite.dialog}
    </Box>
  );
}

/** "Guardar como favorito" on one line, named after its medicine. */
export function SaveLineAsFavourite({ index }: { index: number }) {
  const { t } = useTranslation();
  const { getValues } = usePrescriptionForm();
  const saveAsFavourite = useSaveAsFavourite();
  return (
    <>
      <Button
        size="small"
        startIcon={<StarBorder />}
        onClick={() => {
          const line = getValues(`items.${index}`);
          saveAsFavourite.save('item', [line], lineNameOf(line));
        }}
      >
        {t('favourites.saveLine')}
      </Button>
      {saveAsFavourite.dialog}
    </>
  );
}
