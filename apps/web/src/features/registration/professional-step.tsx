import { attachmentFields, messages, type AttachmentField } from '@receta/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../components/form-checkbox.tsx';
import { ProfessionalDataFields } from '../../components/professional-data-fields.tsx';
import { LegalLabel } from '../../components/legal-label.tsx';
import { visuallyHiddenSx } from '../../components/visually-hidden.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { DocumentUploadSlot, type UploadedDocument } from './document-upload-slot.tsx';
import type { RegistrationForm } from './registration-form.ts';

export type DocumentNames = Partial<Record<AttachmentField, string>>;

/** Step 3: professional data, the four documents in order, and the legal acceptance. */
export function ProfessionalStep({
  control,
  documentNames,
  onDocumentUploaded,
  onDocumentCleared,
}: {
  control: Control<RegistrationForm>;
  documentNames: DocumentNames;
  onDocumentUploaded: (field: AttachmentField, document: UploadedDocument) => void;
  onDocumentCleared: (field: AttachmentField) => void;
}) {
  const { t } = useTranslation();
  const locations = useWatch({ control, name: attachmentFields });
  const { errors } = useFormState({ control });
  const isMissingDocuments = attachmentFields.some((field) => errors[field] !== undefined);
  const isMissingAcceptance = errors.termsAndCondition !== undefined || errors.privacyPolicy !== undefined;

  return (
    <Stack spacing={4}>
      <ProfessionalDataFields control={control} />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h2" sx={{ mb: 0.5, p: 0 }}>
          {t('registration.documents.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('registration.documents.hint')}
        </Typography>
        <Stack spacing={1.5}>
          {attachmentFields.map((field, index) => {
            const location = locations[index];
            const isLocked = locations.slice(0, index).some((previous) => !previous);
            return (
              <DocumentUploadSlot
                key={field}
                field={field}
                label={t(`attachments.${field}`)}
                document={location ? { location, fileName: documentNames[field] ?? location } : null}
                isLocked={isLocked}
                onUploaded={(document) => onDocumentUploaded(field, document)}
                onCleared={() => onDocumentCleared(field)}
              />
            );
          })}
        </Stack>
        {isMissingDocuments && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1.5 }}>
            {translateMessage(t, messages.registration.documentsMissing)}
          </Typography>
        )}
      </Box>

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Box component="legend" sx={visuallyHiddenSx}>
          {t('registration.legal.legend')}
        </Box>
        <Stack>
          <FormCheckbox
            control={control}
            name="termsAndCondition"
            label={<LegalLabel prefix={t('registration.legal.acceptTerms')} to={paths.termsAndConditions.getHref()} text={t('legal.termsTitle')} />}
          />
          <FormCheckbox
            control={control}
            name="privacyPolicy"
            label={<LegalLabel prefix={t('registration.legal.acceptPrivacy')} to={paths.privacyPolicy.getHref()} text={t('legal.privacyTitle')} />}
          />
        </Stack>
        {isMissingAcceptance && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {translateMessage(t, messages.registration.termsNotAccepted)}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
