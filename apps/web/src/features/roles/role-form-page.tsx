import { limits, messages, RoleInputSchema, type Role } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { useAutocompleteTexts } from '../../components/autocomplete-texts.ts';
import { fieldErrorText, FormTextField } from '../../components/form-field.tsx';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { paths } from '../../config/paths.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { PermissionPicker } from './permission-picker.tsx';
import {
  emptyRoleForm, landingPageOptions, roleFormOf,
  type RoleFormControl, type RoleFormOutput,
} from './role-form.ts';
import { useRole, useSaveRole } from './roles-api.ts';

/** `/roles/new`. */
export function NewRolePage() {
  return <RoleForm role={null} />;
}

/** `/roles/:roleId/edit`, once the role has loaded. */
export function EditRolePage() {
  const { roleId = '' } = useParams();
  return (
    <LoadedResource query={useRole(roleId)} notFound={messages.roles.notFound}>
      {(role) => <RoleForm role={role} />}
    </LoadedResource>
  );
}

/**
 * A role's name, description, identifier, landing page and permissions. A built-in role keeps
 * its identifier and permissions (every start resets them), so they show read-only.
 */
export function RoleForm({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saveRole = useSaveRole(role?.id);
  const isBuiltIn = role?.isBuiltIn ?? false;
  const { control, formState, submitWith } = useServerForm({
    schema: RoleInputSchema,
    defaultValues: role ? roleFormOf(role) : emptyRoleForm,
    mode: 'onTouched',
  });

  async function save(values: RoleFormOutput) {
    const { slug, permissions, ...editable } = values;
    await saveRole.mutateAsync(isBuiltIn ? editable : { ...editable, slug, permissions });
  }
  const submit = submitWith(save, {
    success: role ? messages.roles.edited : messages.roles.created,
    onSaved: () => navigate(paths.roles.getHref()),
  });

  const title = role ? t('roles.editTitle', { name: role.name }) : t('roles.newTitle');
  return (
    <AdminPage title={title}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate spacing={3} onSubmit={submit}>
          {isBuiltIn && <Alert severity="info">{t('roles.builtInNote')}</Alert>}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
            <FormTextField control={control} name="name" label={t('roles.fields.name')} required />
            <FormTextField
              control={control}
              name="slug"
              label={t('roles.fields.slug')}
              helperText={t('roles.fields.slugHint')}
              required
              disabled={isBuiltIn}
              slotProps={{ htmlInput: { readOnly: isBuiltIn, spellCheck: false, autoCapitalize: 'none' } }}
            />
            <FormTextField
              control={control}
              name="description"
              label={t('roles.fields.description')}
              multiline
              minRows={2}
              maxRows={limits.multilineMaxRows}
              sx={{ gridColumn: { md: '1 / -1' } }}
            />
            <LandingPageField control={control} />
          </Box>
          <PermissionPicker control={control} isReadOnly={isBuiltIn} />
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.roles.getHref()}>{t('resources.cancel')}</Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {t('resources.save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </AdminPage>
  );
}

/** A page of the app from the list, or any path typed by hand that starts with '/'. */
function LandingPageField({ control }: { control: RoleFormControl }) {
  const { t } = useTranslation();
  const texts = useAutocompleteTexts();
  const { field, fieldState } = useController({ control, name: 'landingPage' });
  const errorText = fieldErrorText(t, { fieldState, required: false, value: field.value });
  return (
    <Autocomplete
      freeSolo
      options={landingPageOptions}
      value={field.value}
      inputValue={field.value}
      onInputChange={(_event, value) => field.onChange(value)}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      {...texts}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={t('roles.fields.landingPage')}
          error={errorText !== undefined}
          helperText={errorText ?? t('roles.fields.landingPageHint')}
        />
      )}
    />
  );
}
