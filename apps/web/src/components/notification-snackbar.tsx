import { limits } from '@receta/domain';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';

/** One notification on screen: a filled alert at the top, that closes itself after a while. */
export function NotificationSnackbar({ message, severity, isOpen, closeText, onClose, onExited }: {
  message: string;
  severity: AlertColor;
  isOpen: boolean;
  closeText: string;
  onClose: (event?: unknown, reason?: SnackbarCloseReason) => void;
  onExited: () => void;
}) {
  return (
    <Snackbar
      open={isOpen}
      autoHideDuration={limits.messageAutoHideMs}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
    >
      <Alert severity={severity} variant="filled" onClose={onClose} closeText={closeText} sx={{ width: '100%', maxWidth: 560 }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
