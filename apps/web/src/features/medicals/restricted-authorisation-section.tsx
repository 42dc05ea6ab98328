import {
  formatDisplayDate, formatDisplayDateTime, messages, RestrictedAuthorisationInputSchema, type MedicalDetail,
} from '@receta/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DetailField, DetailList } from '../../components/detail-sections.tsx';
import { DocumentPreview } from '../../components/document-preview.tsx';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { fieldErrorText } from '../../components/form-field.tsx';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { attachmentAccept, useAttachmentUpload } from '../../lib/doctor-attachment.ts';
import { useNotify } from '../../lib/notify.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { useRestrictedAuthorisation } from './medicals-api.ts';

interface AuthorisationFormValues {
  authorisedOn: string;
  /** The location of the uploaded evidence. */
  evidence: string;
}

/**
 * The jurisdiction's authorisation to prescribe legally restricted medicines (Res. 2214/2025
 * Annex I): when it was granted, the evidence and who recorded it; a moderator (`canDecide`)
 * records it for an approved doctor, or revokes it.
 */
export function RestrictedAuthorisationSection({ medic, canDecide }: { medic: MedicalDetail; canDecide: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'record' | 'revoke' | null>(null);
  const change = useRestrictedAuthorisation(medic.id);
  const authorisation = medic.restrictedAuthorisation;
  const isApproved = medic.status === 'active' || medic.status === 'suspended';

  async function revoke() {
    try {
      await change.mutateAsync({ kind: 'revoke' });
      notify({ message: translateMessage(t, messages.medicals.restrictedRevoked), variant: 'success' });
      setDialog(null);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('medicals.restricted.title')}</Typography>
        <DetailList>
          <DetailField
            label={t('medicals.restricted.authorisedOn')}
            value={authorisation ? formatDisplayDate(authorisation.authorisedOn) : t('medicals.restricted.none')}
          />
          {authorisation && (
            <DetailField
              label={t('medicals.restricted.recorded')}
              value={t('medicals.restricted.recordedBy', {
                name: authorisation.recordedBy ?? '—', date: formatDisplayDateTime(authorisation.recordedAt),
              })}
            />
          )}
        </DetailList>
        {authorisation && (
          <Box sx={{ mt: 1.5, maxWidth: 480 }}>
            <DocumentPreview label={t('medicals.restricted.evidence')} location={authorisation.evidenceUrl} />
          </Box>
        )}
        {canDecide && isApproved && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            <Button variant="outlined" onClick={() => setDialog('record')}>{t('medicals.restricted.record')}</Button>
            {authorisation && (
              <Button variant="outlined" color="error" onClick={() => setDialog('revoke')}>{t('medicals.restricted.revoke')}</Button>
            )}
          </Box>
        )}
      </Box>
      <FormDialog open={dialog === 'record'} title={t('medicals.restricted.record')} onClose={() => setDialog(null)} maxWidth="sm">
        <AuthorisationForm medic={medic} onClose={() => setDialog(null)} />
      </FormDialog>
      <ConfirmDialog
        open={dialog === 'revoke'}
        title={t('medicals.restricted.revoke')}
        confirmLabel={t('medicals.restricted.revoke')}
        isSending={change.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void revoke()}
      >
        {t('medicals.restricted.revokeQuestion', { name: `${medic.name} ${medic.lastName}` })}
      </ConfirmDialog>
    </>
  );
}

function AuthorisationForm({ medic, onClose }: { medic: MedicalDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useRestrictedAuthorisation(medic.id);
  const { control, formState, submitWith } = useServerForm<AuthorisationFormValues, AuthorisationFormValues>({
    schema: RestrictedAuthorisationInputSchema,
    defaultValues: { authorisedOn: '', evidence: '' },
    mode: 'onTouched',
  });
  const save = submitWith((values) => change.mutateAsync({ kind: 'record', values }), {
    success: messages.medicals.restrictedRecorded,
    onSaved: onClose,
  });
  return (
    <DialogForm onSubmit={save} onCancel={onClose} isSubmitting={formState.isSubmitting}>
      <Typography sx={{ mb: 2 }}>{t('medicals.restricted.lead', { name: `${medic.name} ${medic.lastName}` })}</Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <FormDateField control={control} name="authorisedOn" label={t('medicals.restricted.authorisedOn')} required />
        <EvidenceField control={control} />
      </Box>
    </DialogForm>
  );
}

/** The evidence, uploaded at once through the registration's upload endpoint (a PDF or an image). */
function EvidenceField({ control }: { control: Control<AuthorisationFormValues, unknown, AuthorisationFormValues> }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'evidence' });
  const [fileName, setFileName] = useState<string | null>(null);
  const { progress, failure, upload } = useAttachmentUpload('restrictedEvidence', (location, file) => {
    field.onChange(location);
    field.onBlur();
    setFileName(file.name);
  });
  const error = failure ?? fieldErrorText(t, { fieldState, required: false, value: field.value });
  return (
    <Box>
      <FileChooserButton
        accept={attachmentAccept}
        onFile={(file) => void upload(file)}
        inputLabel={t('medicals.restricted.evidence')}
        variant="outlined"
        startIcon={<UploadFile />}
        loading={progress !== null}
      >
        {t('medicals.restricted.upload')}
      </FileChooserButton>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }} role={error ? 'alert' : undefined}>
        {error ? translateMessage(t, error) : fileName ?? t('medicals.restricted.evidenceHint')}
      </Typography>
    </Box>
  );
}
