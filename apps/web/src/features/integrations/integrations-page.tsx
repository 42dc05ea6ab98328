import { describedScopes, formatDisplayDateTime, messages, oauthScopes, type Integration } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin-page.tsx';
import { ClientLogo } from '../../components/client-logo.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useIntegrations, useRevokeIntegration } from './integrations-api.ts';

/** `/myIntegrations`: the apps the doctor authorised, what each may do, and a way to take that back. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  const [revoking, setRevoking] = useState<Integration | null>(null);

  return (
    <AdminPage title={t('oauth2.integrations.title')} lead={t('oauth2.integrations.lead')} maxWidth={900}>
      {integrations.isPending && <CircularProgress aria-label={t('resources.loading')} />}
      {integrations.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(integrations.error))}</Alert>}
      {integrations.isSuccess && integrations.data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('oauth2.integrations.empty')}</Typography>
        </Paper>
      )}
      {integrations.isSuccess && integrations.data.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {integrations.data.map((integration) => (
            <IntegrationCard
              key={integration.clientId}
              integration={integration}
              onRevoke={() => setRevoking(integration)}
            />
          ))}
        </Stack>
      )}
      <RevokeDialog integration={revoking} onClose={() => setRevoking(null)} />
    </AdminPage>
  );
}

function IntegrationCard({ integration, onRevoke }: { integration: Integration; onRevoke: () => void }) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <Paper component="li" variant="outlined" aria-labelledby={nameId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ClientLogo name={integration.name} logoUri={integration.logoUri} size={48} />
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={nameId} variant="h2" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>{integration.name}</Typography>
            {integration.sandbox && <Chip size="small" color="warning" label="Sandbox" />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('oauth2.integrations.grantedAt', { date: formatDisplayDateTime(integration.grantedAt) })}
            {' · '}
            {integration.lastUsedAt
              ? t('oauth2.integrations.lastUsedAt', { date: formatDisplayDateTime(integration.lastUsedAt) })
              : t('oauth2.integrations.neverUsed')}
          </Typography>
        </Box>
        <Button variant="outlined" color="error" onClick={onRevoke} aria-label={t('oauth2.integrations.revokeNamed', { name: integration.name })}>
          {t('oauth2.integrations.revoke')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2, mb: 0.5, fontWeight: 500 }}>{t('oauth2.integrations.scopesLead')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {describedScopes(oauthScopes.filter((scope) => integration.scopes.includes(scope))).map((scope) => (
          <Typography component="li" variant="body2" key={scope}>{t(`labels.oauthScopes.${scope}`)}</Typography>
        ))}
      </Box>
    </Paper>
  );
}

function RevokeDialog({ integration, onClose }: { integration: Integration | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revoke = useRevokeIntegration();

  async function confirm() {
    if (!integration) return;
    try {
      const message = await revoke.mutateAsync(integration.clientId);
      notify({ message: message ?? messages.oauth.integrationRevoked, variant: 'success' });
      onClose();
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <ConfirmDialog
      open={integration !== null}
      title={t('oauth2.integrations.revokeTitle')}
      confirmLabel={t('oauth2.integrations.revoke')}
      isDestructive
      isSending={revoke.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {integration && t('oauth2.integrations.revokeQuestion', { name: integration.name })}
    </ConfirmDialog>
  );
}
