import { attachmentFields, formatDisplayDate, messages, type MedicalDetail } from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DetailField, DetailSection } from '../../components/detail-sections.tsx';
import { DocumentPreview } from '../../components/document-preview.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { isFirstRoleIn } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { MedicalEditDialog } from './medical-edit-dialog.tsx';
import { MedicalStatusChip } from './medical-status-chip.tsx';
import { RestrictedAuthorisationSection } from './restricted-authorisation-section.tsx';
import { useMedical, useReviewMedical } from './medicals-api.ts';
import { SuspendDialog } from './suspend-dialog.tsx';

/** `/medicals/:medicId/preview`. */
export function MedicalPreviewPage() {
  const { t } = useTranslation();
  const { medicId = '' } = useParams();
  const medic = useMedical(medicId);
  if (medic.isPending) return <CircularProgress aria-label={t('resources.loading')} />;
  if (medic.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(medic.error, messages.medicals.notFound))}</Alert>;
  }
  return <MedicalPreview medic={medic.data} />;
}

type Dialog = 'authorize' | 'suspend' | 'edit' | null;

/**
 * Everything the directory knows of a doctor, with the decisions the viewer may take:
 * authorize and suspend for the authorizeMedic group (spec section 6), edit for `edit.medical`.
 */
export function MedicalPreview({ medic }: { medic: MedicalDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { user, scope } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const review = useReviewMedical(medic.id);
  const canReview = isFirstRoleIn('authorizeMedic', user);
  const fullName = `${medic.name} ${medic.lastName}`;

  async function decide(decision: { decision: 'authorize' } | { decision: 'suspend'; reason?: string }) {
    try {
      notify({ message: await review.mutateAsync(decision), variant: 'success' });
      setDialog(null);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {scope.includes('edit.medical') && <Button variant="outlined" onClick={() => setDialog('edit')}>{t('medicals.edit')}</Button>}
      {canReview && medic.status !== 'active' && (
        <Button variant="contained" onClick={() => setDialog('authorize')}>{t('medicals.authorize')}</Button>
      )}
      {canReview && medic.status === 'active' && (
        <Button variant="outlined" color="error" onClick={() => setDialog('suspend')}>{t('medicals.suspend')}</Button>
      )}
    </Box>
  );

  return (
    <AdminPage title={`${medic.lastName}, ${medic.name}`} actions={actions} maxWidth={1000}>
      <Button component={RouterLink} to={paths.medicals.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('medicals.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <DetailSection title={t('medicals.sections.professional')}>
          <DetailField label={t('medicals.fields.status')} value={<MedicalStatusChip status={medic.status} />} />
          <DetailField label={t('medicals.fields.authorized')} value={medic.authorized ? t('medicals.yes') : t('medicals.no')} />
          <DetailField label={t('medicals.fields.enrollment')} value={medic.enrollment} />
          <DetailField label={t('medicals.fields.jurisdiction')} value={medic.jurisdiction.name} />
          <DetailField label={t('medicals.fields.specialty')} value={medic.specialty.name} />
          <DetailField label={t('medicals.fields.profession')} value={medic.profession.label} />
          <DetailField label={t('medicals.fields.refepsCode')} value={medic.refepsCode} />
          <DetailField label={t('medicals.fields.referenceCode')} value={medic.referenceCode} />
          <DetailField label={t('medicals.fields.hasPin')} value={medic.hasPin ? t('medicals.pinSet') : t('medicals.pinMissing')} />
          {medic.rejectionReason && <DetailField label={t('medicals.fields.rejectionReason')} value={medic.rejectionReason} />}
        </DetailSection>
        <RestrictedAuthorisationSection medic={medic} canDecide={canReview} />
        <DetailSection title={t('medicals.sections.personal')}>
          <DetailField label={t('registration.fields.name')} value={medic.name} />
          <DetailField label={t('registration.fields.lastName')} value={medic.lastName} />
          <DetailField label={t('registration.fields.birthDate')} value={formatDisplayDate(medic.birthDate)} />
          <DetailField label={t('registration.fields.dni')} value={medic.dni} />
          <DetailField label={t('registration.fields.cuit')} value={medic.cuit} />
          <DetailField label={t('medicals.fields.createdAt')} value={formatDisplayDate(medic.createdAt)} />
        </DetailSection>
        <DetailSection title={t('medicals.sections.contact')}>
          <DetailField label={t('medicals.fields.email')} value={medic.email} />
          <DetailField label={t('registration.fields.phoneNumber')} value={medic.phoneNumber} />
          <DetailField label={t('registration.fields.address')} value={[medic.address, medic.apartment].filter(Boolean).join(', ')} />
          <DetailField label={t('registration.fields.district')} value={medic.district} />
          <DetailField label={t('registration.fields.province')} value={medic.province} />
        </DetailSection>
        <Box component="section" sx={{ mb: 3 }}>
          <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('medicals.sections.documents')}</Typography>
          {attachmentFields.every((field) => medic.documents[field] === null)
            ? <Typography color="text.secondary">{t('medicals.noDocuments')}</Typography>
            : (
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
                  {attachmentFields.map((field) => (
                    <DocumentPreview key={field} label={t(`attachments.${field}`)} location={medic.documents[field]} />
                  ))}
                </Box>
              )}
        </Box>
        <Box component="section">
          <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('medicals.sections.workspaces')}</Typography>
          {medic.workspaces.length === 0
            ? <Typography color="text.secondary">{t('medicals.noWorkspaces')}</Typography>
            : (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {medic.workspaces.map((workspace) => (
                    <Chip key={workspace.id} label={`${workspace.name} · ${t(`workspaces.${workspace.kind}`)}`} variant="outlined" />
                  ))}
                </Box>
              )}
        </Box>
      </Paper>
      <ConfirmDialog
        open={dialog === 'authorize'}
        title={t('medicals.authorize')}
        confirmLabel={t('medicals.authorize')}
        isSending={review.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => void decide({ decision: 'authorize' })}
      >
        {t('medicals.authorizeQuestion', { name: fullName })}
      </ConfirmDialog>
      <SuspendDialog
        open={dialog === 'suspend'}
        name={fullName}
        onCancel={() => setDialog(null)}
        onSuspend={(reason) => decide({ decision: 'suspend', reason })}
      />
      {dialog === 'edit' && <MedicalEditDialog medic={medic} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
