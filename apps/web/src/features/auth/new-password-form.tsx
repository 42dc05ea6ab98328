import { NewPasswordFormSchema, type NewPasswordForm as NewPasswordValues } from '@receta/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { NewPasswordField } from '../../components/new-password-field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { useNotify } from '../../lib/notify.ts';

/**
 * The page of a mailed link that sets a password, typed twice (password recovery, an
 * administrator's invitation). `save` answers the server's message, shown before going to /login.
 */
export function NewPasswordForm({
  title,
  lead,
  save,
}: {
  title: string;
  lead: string;
  save: (password: string) => Promise<string>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { control, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodFormResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  async function submit({ password }: NewPasswordValues) {
    try {
      notify({ message: await save(password), variant: 'success' });
      await navigate(paths.login.getHref());
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <PageCard title={title} lead={lead} maxWidth={440}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <NewPasswordField control={control} name="password" label={t('newPassword.password')} required />
        <PasswordField
          control={control}
          name="confirmPassword"
          label={t('newPassword.confirmPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={!formState.isValid} loading={formState.isSubmitting}>
          {t('newPassword.submit')}
        </Button>
      </Stack>
    </PageCard>
  );
}
