import { formatDisplayDateTime, type ProfileSession } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useCloseSessions, useSessions } from './profile-api.ts';
import { ProfileSection } from './profile-section.tsx';

/** "Chrome en Linux", or as much of it as the browser told. */
function deviceOf(t: TFunction, session: ProfileSession): string {
  const { browser, system } = session;
  if (browser && system) return t('profile.sessions.device', { browser, system });
  return browser ?? system ?? t('profile.sessions.unknownDevice');
}

/** Sesiones activas: the devices where the account is open, with a way to close any of the others. */
export function SessionsSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const sessions = useSessions();
  const closeSessions = useCloseSessions();
  const hasOthers = sessions.data?.some((session) => !session.isCurrent) ?? false;

  async function close(which: Parameters<typeof closeSessions.mutateAsync>[0]) {
    try {
      notify({ message: await closeSessions.mutateAsync(which), variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  return (
    <ProfileSection title={t('profile.sessions.title')} lead={t('profile.sessions.lead')}>
      {sessions.isPending && <CircularProgress aria-label={t('profile.sessions.loading')} />}
      {sessions.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(sessions.error))}</Alert>}
      {sessions.data && (
        <>
          <List aria-label={t('profile.sessions.title')} disablePadding>
            {sessions.data.map((session) => {
              const device = deviceOf(t, session);
              const createdAt = formatDisplayDateTime(session.createdAt);
              return (
                <ListItem
                  key={session.id}
                  divider
                  disableGutters
                  sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
                >
                  <ListItemText
                    sx={{ flex: '1 1 240px', minWidth: 0 }}
                    primary={(
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        {device}
                        {session.isCurrent && <Chip size="small" color="primary" label={t('profile.sessions.current')} />}
                      </Box>
                    )}
                    secondary={t('profile.sessions.details', {
                      ip: session.ipAddress ?? t('profile.sessions.unknownAddress'),
                      lastSeen: formatDisplayDateTime(session.lastSeenAt),
                      createdAt,
                    })}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  {!session.isCurrent && (
                    <Button
                      size="small"
                      onClick={() => void close({ sessionId: session.id })}
                      aria-label={t('profile.sessions.closeNamed', { device, createdAt })}
                      disabled={closeSessions.isPending}
                      sx={{ mt: 0.5 }}
                    >
                      {t('profile.sessions.close')}
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
          {hasOthers
            ? (
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => void close('others')}
                  loading={closeSessions.isPending && closeSessions.variables === 'others'}
                  sx={{ mt: 2 }}
                >
                  {t('profile.sessions.closeOthers')}
                </Button>
              )
            : <Typography color="text.secondary" sx={{ mt: 2 }}>{t('profile.sessions.onlyThis')}</Typography>}
        </>
      )}
    </ProfileSection>
  );
}
