import { messages, type Administrator } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { paths } from '../../config/paths.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import {
  administratorFormOf, administratorFormSchema, emptyAdministratorForm,
  type AdministratorFormControl, type AdministratorFormOutput,
} from './administrator-form.ts';
import { useAdministrator, useAssignableRoles, useCreateAdministrator, useUpdateAdministrator } from './administrators-api.ts';
import { RolesField } from './roles-field.tsx';

/** `/administrators/new`. */
export function NewAdministratorPage() {
  return <AdministratorForm administrator={null} />;
}

/** `/administrators/:administratorId/edit`, once the administrator has loaded. */
export function EditAdministratorPage() {
  const { administratorId = '' } = useParams();
  return (
    <LoadedResource query={useAdministrator(administratorId)} notFound={messages.administrators.notFound}>
      {(administrator) => <AdministratorForm administrator={administrator} />}
    </LoadedResource>
  );
}

/**
 * An administrator's email (only when created: it is the login), display name, roles in
 * order and whether the account may sign in. A new administrator is mailed a link to choose
 * a password.
 */
export function AdministratorForm({ administrator }: { administrator: Administrator | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = administrator === null;
  const assignableRoles = useAssignableRoles();
  const createAdministrator = useCreateAdministrator();
  const updateAdministrator = useUpdateAdministrator(administrator?.id ?? '');
  const { control, formState, submitWith } = useServerForm({
    schema: administratorFormSchema(isNew),
    defaultValues: administrator ? administratorFormOf(administrator) : emptyAdministratorForm,
    mode: 'onTouched',
  });

  async function save(values: AdministratorFormOutput) {
    const displayName = values.displayName?.trim() || undefined;
    if ('email' in values) {
      const { email, roles, authorized } = values;
      await createAdministrator.mutateAsync({ email, displayName, roles, authorized });
    } else {
      await updateAdministrator.mutateAsync({ displayName, roles: values.roles, authorized: values.authorized });
    }
  }
  const submit = submitWith(save, {
    success: isNew ? messages.administrators.created : messages.administrators.edited,
    onSaved: () => navigate(paths.administrators.getHref()),
  });

  const title = administrator ? t('administrators.editTitle', { name: administrator.displayName || administrator.email }) : t('administrators.newTitle');
  return (
    <AdminPage title={title} maxWidth={800}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate spacing={3} onSubmit={submit}>
          {isNew && <Alert severity="info">{t('administrators.invitationNote')}</Alert>}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
            {isNew
              ? <FormTextField control={control} name="email" type="email" label={t('administrators.fields.email')} autoComplete="off" required />
              : <FormTextField control={control} name="email" label={t('administrators.fields.email')} disabled />}
            <FormTextField
              control={control}
              name="displayName"
              label={t('administrators.fields.displayName')}
              helperText={isNew ? t('administrators.fields.displayNameHint') : undefined}
              required={!isNew}
            />
          </Box>
          <RolesField control={control} options={assignableRoles.data ?? []} isLoading={assignableRoles.isPending} />
          <AuthorizedSwitch control={control} />
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.administrators.getHref()}>{t('resources.cancel')}</Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {t('resources.save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </AdminPage>
  );
}

function AuthorizedSwitch({ control }: { control: AdministratorFormControl }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'authorized' });
  return (
    <FormControlLabel
      label={t('administrators.fields.authorized')}
      control={(
        <Switch
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      )}
    />
  );
}
