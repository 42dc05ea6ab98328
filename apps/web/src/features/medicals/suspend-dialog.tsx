import { limits } from '@receta/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Suspends a doctor, with an optional reason that is mailed to them. */
export function SuspendDialog({
  open,
  name,
  onCancel,
  onSuspend,
}: {
  open: boolean;
  name: string;
  onCancel: () => void;
  onSuspend: (reason: string | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [isSending, setIsSending] = useState(false);

  async function suspend() {
    setIsSending(true);
    try {
      await onSuspend(reason.trim() || undefined);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth slotProps={{ transition: { onExited: () => setReason('') } }}>
      <DialogTitle id={titleId}>{t('medicals.suspendTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('medicals.suspendLead', { name })}</DialogContentText>
        <TextField
          label={t('medicals.suspendReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          maxRows={limits.multilineMaxRows}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('resources.cancel')}</Button>
        <Button variant="contained" color="error" onClick={() => void suspend()} loading={isSending}>
          {t('medicals.suspend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
