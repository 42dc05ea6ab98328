import { MedicalCreateSchema, messages } from '@receta/domain';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { PersonalDataFields } from '../../components/personal-data-fields.tsx';
import { ProfessionalDataFields } from '../../components/professional-data-fields.tsx';
import { paths } from '../../config/paths.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { emptyMedicalForm } from './medical-form.ts';
import { useCreateMedical } from './medicals-api.ts';

/**
 * `/medicals/new`: an administrator registers a doctor with the registration's personal and
 * professional data; the doctor chooses a password and a PIN from the mailed links.
 */
export function MedicalCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createMedical = useCreateMedical();
  const { control, formState, submitWith } = useServerForm({
    schema: MedicalCreateSchema,
    defaultValues: emptyMedicalForm,
    mode: 'onTouched',
  });
  const save = submitWith((medic) => createMedical.mutateAsync(medic), {
    success: messages.medicals.created,
    onSaved: (created) => navigate(paths.medicalPreview.getHref(created.id)),
  });

  return (
    <AdminPage title={t('medicals.newTitle')} lead={t('medicals.newLead')} maxWidth={900}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate spacing={3} onSubmit={save}>
          <Section title={t('medicals.sections.personal')}>
            <PersonalDataFields control={control} />
          </Section>
          <Section title={t('medicals.sections.account')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
              <FormTextField control={control} name="email" type="email" label={t('medicals.fields.email')} autoComplete="off" required />
            </Box>
          </Section>
          <Section title={t('medicals.sections.professional')}>
            <Stack spacing={2.5}>
              <ProfessionalDataFields control={control} />
              <FormTextField control={control} name="referenceCode" label={t('medicals.fields.referenceCode')} helperText={t('medicals.fields.referenceCodeHint')} />
            </Stack>
          </Section>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.medicals.getHref()}>{t('resources.cancel')}</Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>{t('resources.save')}</Button>
          </Box>
        </Stack>
      </Paper>
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h2" variant="h2" sx={{ mb: 2 }}>{title}</Typography>
      {children}
    </Box>
  );
}
