import type { PatientLinkHandover, Prescription } from '@receta/domain';
import Block from '@mui/icons-material/Block';
import Download from '@mui/icons-material/Download';
import Draw from '@mui/icons-material/Draw';
import Edit from '@mui/icons-material/Edit';
import Replay from '@mui/icons-material/Replay';
import LinkIcon from '@mui/icons-material/Link';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { isFirstRoleIn } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { PatientLinkDialog } from './patient-link-dialog.tsx';
import { insurerSlugOf } from './prescription-form.ts';
import { repeatPrescriptionHref } from './repeat-prescription.tsx';
import { useDownloadPrescriptionPdf, useHandOverPatientLink, useSendPrescription } from './prescriptions-api.ts';
import { SignDialog } from './sign-dialog.tsx';

/** The server's rule too: a patient is sent only what a pharmacy can still dispense. */
const sendableStates = new Set<Prescription['displayState']>(['pending', 'valid', 'partially_dispensed']);

/**
 * What the viewer may do with the prescription at its stage: edit and sign a draft; download
 * a signed one, and, its own doctor, send it to the patient, get its link to hand over, and
 * anul it. The server checks each again.
 */
export function PrescriptionActions({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { user, scope } = useSession();
  const [dialog, setDialog] = useState<'sign' | 'cancel' | null>(null);
  const download = useDownloadPrescriptionPdf();
  const send = useSendPrescription(prescription.id);
  const handOver = useHandOverPatientLink(prescription.id);
  const [handover, setHandover] = useState<PatientLinkHandover | null>(null);
  const isDraft = prescription.state === 'draft';
  const canEdit = isDraft && scope.includes('edit.prescription');
  const canSign = isDraft && scope.includes('sign.prescription');
  const isOwn = prescription.prescriber.userId === user?.id;
  const canSend = isOwn && sendableStates.has(prescription.displayState) && isFirstRoleIn('sharePrescription', user);
  // Only before a pharmacy dispensed any of it.
  const canCancel = isOwn && prescription.state === 'signed';

  async function sendToPatient() {
    try {
      notify({ message: (await send.mutateAsync()).message, variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  async function showPatientLink() {
    try {
      setHandover(await handOver.mutateAsync());
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {canEdit && (
        <Button
          component={RouterLink}
          to={paths.editPrescription.getHref(insurerSlugOf(prescription.insurer), prescription.id)}
          variant="outlined"
          startIcon={<Edit />}
        >
          {t('prescriptions.detail.edit')}
        </Button>
      )}
      {canSign && (
        <Button variant="contained" startIcon={<Draw />} onClick={() => setDialog('sign')}>{t('prescriptions.sign.submit')}</Button>
      )}
      {prescription.signed && (
        <Button
          variant="outlined"
          startIcon={<Download />}
          loading={download.isPending}
          onClick={() => download.mutate(prescription)}
        >
          {t('prescriptions.detail.download')}
        </Button>
      )}
      {canSend && (
        <Button variant="outlined" startIcon={<Send />} loading={send.isPending} onClick={() => void sendToPatient()}>
          {t('prescriptions.detail.send')}
        </Button>
      )}
      {canSend && (
        <Button variant="outlined" startIcon={<LinkIcon />} loading={handOver.isPending} onClick={() => void showPatientLink()}>
          {t('prescriptions.detail.patientLink')}
        </Button>
      )}
      {canCancel && (
        <Button variant="outlined" color="error" startIcon={<Block />} onClick={() => setDialog('cancel')}>
          {t('prescriptions.detail.cancel')}
        </Button>
      )}
      {scope.includes('create.prescription') && prescription.patient.id !== null && (
        <Button component={RouterLink} to={repeatPrescriptionHref(prescription)} variant="outlined" startIcon={<Replay />}>
          {t('repeat.action')}
        </Button>
      )}
      {dialog === 'sign' && <SignDialog ids={[prescription.id]} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog id={prescription.id} number={prescription.number} onClose={() => setDialog(null)} />}
      {handover && <PatientLinkDialog handover={handover} onClose={() => setHandover(null)} />}
    </Box>
  );
}
