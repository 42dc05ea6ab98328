import { formatDisplayDate, type PatientLinkHandover } from '@receta/domain';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';

function selectAll(event: FocusEvent<HTMLInputElement>) {
  event.target.select();
}

/**
 * The patient's link, shown to the prescription's doctor to hand over (a message, a chat).
 * The field stays selectable: a page served without HTTPS has no clipboard to copy into.
 */
export function PatientLinkDialog({ handover, onClose }: { handover: PatientLinkHandover; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(handover.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('prescriptions.patientLink.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('prescriptions.patientLink.lead', { expiry: formatDisplayDate(handover.expiryDate) })}
        </DialogContentText>
        <Alert severity="warning" sx={{ mb: 2 }}>{t('prescriptions.patientLink.warning')}</Alert>
        <TextField
          label={t('prescriptions.patientLink.field')}
          value={handover.url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, onFocus: selectAll } }}
        />
        {copy === 'failed' && <Alert severity="info" sx={{ mt: 2 }}>{t('prescriptions.patientLink.copyFailed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('prescriptions.patientLink.close')}</Button>
        <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copyLink()}>
          {copy === 'copied' ? t('prescriptions.patientLink.copied') : t('prescriptions.patientLink.copy')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
