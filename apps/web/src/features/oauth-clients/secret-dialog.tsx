import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RevealedSecret {
  name: string;
  clientId: string;
  secret: string;
}

/**
 * The app's secret, shown this once: the server keeps only its hash. Closing asks nothing more,
 * but the warning and the copy button say what is at stake.
 */
export function SecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={revealed !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('oauth2.clients.secret.title')}</DialogTitle>
      {revealed && (
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>{t('oauth2.clients.secret.warning')}</Alert>
          <CopyableValue label={t('oauth2.clients.secret.clientId')} value={revealed.clientId} />
          <CopyableValue label={t('oauth2.clients.secret.secret')} value={revealed.secret} />
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{t('oauth2.clients.secret.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function CopyableValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    await navigator.clipboard.writeText(value);
    setIsCopied(true);
  }

  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={labelId} variant="body2" color="text.secondary">{label}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component="code"
          aria-labelledby={labelId}
          sx={{ flex: '1 1 240px', minWidth: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
        <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()} aria-label={t('oauth2.clients.secret.copyNamed', { label })}>
          {isCopied ? t('oauth2.clients.secret.copied') : t('oauth2.clients.secret.copy')}
        </Button>
      </Box>
    </Box>
  );
}
