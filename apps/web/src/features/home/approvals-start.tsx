import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { usePendingUsers } from '../moderation/index.ts';
import { HomeSection } from './home-section.tsx';

const shownRequests = 5;

/** A moderator's start: how many accounts wait for approval, and the oldest of them. */
export function ApprovalsStart() {
  const { t } = useTranslation();
  const pending = usePendingUsers({ pageIndex: 0, pageSize: shownRequests }, '');

  return (
    <HomeSection
      title={t('home.approvals.title')}
      action={(
        <Button component={RouterLink} to={paths.notAuthorizedUsers.getHref()} variant="contained">
          {t('home.approvals.review')}
        </Button>
      )}
    >
      {pending.isPending && <Skeleton variant="rectangular" height={80} aria-label={t('home.loading')} />}
      {pending.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(pending.error))}</Alert>}
      {pending.isSuccess && (pending.data.total === 0
        ? <Typography color="text.secondary">{t('home.approvals.none')}</Typography>
        : (
            <>
              <Typography sx={{ mb: 1 }}>{t('home.approvals.count', { count: pending.data.total })}</Typography>
              <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
                {pending.data.items.map((request) => (
                  <li key={request.id}>
                    {request.kind === 'doctor' ? `${request.name} ${request.lastName}` : request.displayName}
                    {' · '}
                    {request.email}
                  </li>
                ))}
              </Box>
            </>
          ))}
    </HomeSection>
  );
}
