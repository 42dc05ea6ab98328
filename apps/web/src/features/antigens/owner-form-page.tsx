import { messages, OwnerInputSchema, provinces, type Owner } from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormAutocomplete } from '../../components/form-autocomplete.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useServerForm } from '../../lib/use-server-form.ts';
import { EmployeesList } from './employees-list.tsx';
import { emptyOwnerForm, ownerFormOf } from './owner-form.ts';
import { useOwner, useSaveOwner } from './owners-api.ts';

const provinceOptions = provinces.map((province) => ({ value: province.name, label: province.name }));

/** `/owners/new`. */
export function NewOwnerPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('antigens.owners.newTitle')} lead={t('antigens.owners.newLead')} maxWidth={900}>
      <BackLink />
      <OwnerForm owner={null} />
    </AdminPage>
  );
}

/**
 * `/owners/:ownerId`: the owner's data to edit and, for an antigens administrator, the owner's
 * employees, since /myEmployees lists only the signed-in owner's own.
 */
export function OwnerPage() {
  const { t } = useTranslation();
  const { scope } = useSession();
  const { ownerId = '' } = useParams();
  return (
    <LoadedResource query={useOwner(ownerId)} notFound={messages.owners.notFound}>
      {(owner) => (
        <AdminPage title={owner.name} maxWidth={1200}>
          <BackLink />
          <OwnerForm owner={owner} />
          {scope.includes('index.employee') && (
            <Box component="section" sx={{ mt: 4 }}>
              <Typography component="h2" variant="h2" sx={{ mb: 2 }}>{t('antigens.owners.employees')}</Typography>
              <EmployeesList ownerId={owner.id} />
            </Box>
          )}
        </AdminPage>
      )}
    </LoadedResource>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={paths.owners.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      {t('antigens.owners.back')}
    </Button>
  );
}

/** An owner's organisation and contact data; a new owner's email receives the invitation. */
function OwnerForm({ owner }: { owner: Owner | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saveOwner = useSaveOwner(owner?.id);
  const { control, formState, submitWith } = useServerForm({
    schema: OwnerInputSchema,
    defaultValues: owner ? ownerFormOf(owner) : emptyOwnerForm,
    mode: 'onTouched',
  });
  const save = submitWith((values) => saveOwner.mutateAsync(values), {
    success: owner ? messages.owners.edited : messages.owners.created,
    onSaved: () => navigate(paths.owners.getHref()),
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" noValidate spacing={3} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
          <FormTextField control={control} name="name" label={t('antigens.owners.fields.name')} autoComplete="organization" required />
          <FormTextField
            control={control}
            name="cuit"
            label={t('antigens.owners.fields.cuit')}
            helperText={t('antigens.fields.cuitHint')}
            digitsOnly
            required
          />
          <FormTextField control={control} name="address" label={t('antigens.owners.fields.address')} autoComplete="street-address" required />
          <FormAutocomplete control={control} name="province" label={t('antigens.owners.fields.province')} options={provinceOptions} required />
          <FormTextField control={control} name="contactName" label={t('antigens.owners.fields.contactName')} autoComplete="name" required />
          <FormTextField control={control} name="email" type="email" label={t('antigens.owners.fields.email')} autoComplete="email" required />
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('antigens.owners.fields.phone')}
            helperText={t('antigens.fields.phoneHint')}
            autoComplete="tel"
            digitsOnly
            required
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.owners.getHref()}>{t('resources.cancel')}</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('resources.save')}</Button>
        </Box>
      </Stack>
    </Paper>
  );
}
