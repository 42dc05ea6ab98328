import type { OAuthClient } from '@receta/domain';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin-page.tsx';
import { ClientLogo } from '../../components/client-logo.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ResourceTable, type ResourceColumn } from '../../components/resource-table.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { OAuthClientDialog } from './oauth-client-dialog.tsx';
import { useDeleteOAuthClients, useOAuthClients, useRotateSecret, type OAuthClientSort } from './oauth-clients-api.ts';
import { SecretDialog, type RevealedSecret } from './secret-dialog.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; client: OAuthClient };

/** `/oauthClients`: the superadmin's registry of the external apps that may ask doctors for access. */
export function OAuthClientsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useListState<OAuthClientSort>('name');
  const clients = useOAuthClients(list.query);
  const deleteClients = useDeleteOAuthClients();
  const rotateSecret = useRotateSecret();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [rotating, setRotating] = useState<OAuthClient | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  const reveal = (client: OAuthClient, secret: string) => {
    setRevealed({ name: client.name, clientId: client.clientId, secret });
  };

  async function confirmRotation() {
    if (!rotating) return;
    try {
      const rotated = await rotateSecret.mutateAsync(rotating.id);
      notify({ message: rotated.message, variant: 'success' });
      if (rotated.clientSecret) reveal(rotated.client, rotated.clientSecret);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    } finally {
      setRotating(null);
    }
  }

  const columns: ResourceColumn<OAuthClient, OAuthClientSort>[] = [
    {
      id: 'name',
      label: t('oauth2.clients.columns.name'),
      sort: 'name',
      render: (client) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ClientLogo name={client.name} logoUri={client.logoUri} size={32} />
          <Box sx={{ minWidth: 0 }}>
            <Link component="button" type="button" onClick={() => setEditing({ kind: 'edit', client })} sx={{ fontWeight: 500, textAlign: 'start' }}>
              {client.name}
            </Link>
            <Typography variant="body2" color="text.secondary" component="code" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {client.clientId}
            </Typography>
          </Box>
        </Box>
      ),
    },
    {
      id: 'kind',
      label: t('oauth2.clients.columns.kind'),
      isWide: true,
      render: (client) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={t(`oauth2.clients.kindShort.${client.kind}`)} />
          {client.sandbox && <Chip size="small" color="warning" label="Sandbox" />}
        </Box>
      ),
    },
    {
      id: 'redirectUris',
      label: t('oauth2.clients.columns.redirectUris'),
      isWide: true,
      render: (client) => (client.redirectUris.length === 0
        ? <Typography variant="body2" color="text.secondary">{t('oauth2.clients.noRedirectUris')}</Typography>
        : client.redirectUris.map((uri) => <Box key={uri} component="code" sx={{ display: 'block' }}>{uri}</Box>)),
    },
    {
      id: 'secret',
      label: t('oauth2.clients.columns.secret'),
      align: 'right',
      render: (client) => (client.kind === 'public'
        ? <Typography variant="body2" color="text.secondary">{t('oauth2.clients.noSecretNeeded')}</Typography>
        : (
            <Button
              size="small"
              variant={client.hasSecret ? 'text' : 'outlined'}
              onClick={() => setRotating(client)}
              aria-label={t('oauth2.clients.rotateNamed', { name: client.name })}
            >
              {client.hasSecret ? t('oauth2.clients.rotate') : t('oauth2.clients.generate')}
            </Button>
          )),
    },
  ];

  return (
    <AdminPage
      title={t('oauth2.clients.title')}
      lead={t('oauth2.clients.lead')}
      actions={<Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ kind: 'new' })}>{t('oauth2.clients.new')}</Button>}
    >
      <ResourceTable
        label={t('oauth2.clients.title')}
        columns={columns}
        rows={clients.data?.items ?? []}
        total={clients.data?.total ?? 0}
        list={list}
        query={clients}
        getRowId={(client) => client.id}
        getRowLabel={(client) => client.name}
        searchLabel={t('oauth2.clients.search')}
        emptyMessage={list.debouncedSearch.trim() ? t('oauth2.clients.notFound') : t('oauth2.clients.empty')}
        onDelete={deleteClients}
        deleteQuestion={(count) => t('oauth2.clients.deleteQuestion', { count })}
      />
      <OAuthClientDialog
        open={editing !== null}
        client={editing?.kind === 'edit' ? editing.client : null}
        onClose={() => setEditing(null)}
        onSecret={reveal}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={rotating?.hasSecret ? t('oauth2.clients.rotateTitle') : t('oauth2.clients.generateTitle')}
        confirmLabel={rotating?.hasSecret ? t('oauth2.clients.rotate') : t('oauth2.clients.generate')}
        isDestructive={rotating?.hasSecret}
        isSending={rotateSecret.isPending}
        onCancel={() => setRotating(null)}
        onConfirm={() => void confirmRotation()}
      >
        {rotating && (rotating.hasSecret
          ? t('oauth2.clients.rotateQuestion', { name: rotating.name })
          : t('oauth2.clients.generateQuestion', { name: rotating.name }))}
      </ConfirmDialog>
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </AdminPage>
  );
}
