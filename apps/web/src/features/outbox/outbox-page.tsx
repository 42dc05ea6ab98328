import { argentinaTimeZone, formatDisplayDate, type MailStatus, type OutboxMail } from '@receta/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, ListPagination } from '../../components/list-pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { usePagination } from '../../lib/use-pagination.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { MailHtmlPreview } from './mail-html-preview.tsx';
import { useOutbox } from './outbox-api.ts';

const statusColors: Record<MailStatus, 'default' | 'success' | 'info' | 'error'> = {
  pending: 'default',
  sent: 'success',
  kept: 'info',
  failed: 'error',
};

/**
 * Every mail the platform wrote, newest first, for the superadmin. Without SMTP this is where a
 * local install reads its mail and follows the confirmation and recovery links; the server
 * withholds a patient's mail, and the accounts' links once SMTP delivers them.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const pagination = usePagination(defaultPageSize);
  const outbox = useOutbox(pagination);
  const mails = outbox.data?.items ?? [];

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <PageTitle title={t('outbox.title')} />
      <Typography variant="h1" gutterBottom>
        {t('outbox.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('outbox.lead')}
      </Typography>
      {outbox.isFetching && <LinearProgress aria-label={t('outbox.loading')} sx={{ mb: 1 }} />}
      {outbox.isError && <Alert severity="error" sx={{ mb: 2 }}>{translateMessage(t, errorMessageOf(outbox.error))}</Alert>}
      {outbox.isSuccess && mails.length === 0 && <Typography color="text.secondary">{t('outbox.empty')}</Typography>}
      <Box>
        {mails.map((mail) => <MailItem key={mail.id} mail={mail} />)}
      </Box>
      {mails.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <ListPagination total={outbox.data?.total ?? 0} pagination={pagination} />
        </Paper>
      )}
    </Box>
  );
}

function MailItem({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  const date = `${formatDisplayDate(mail.createdAt)} ${formatTime(mail.createdAt)}`;
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, width: '100%', minWidth: 0, pr: 1 }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {mail.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('outbox.to', { to: mail.to })}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" component="span">
            <time dateTime={mail.createdAt}>{date}</time>
          </Typography>
          <Chip size="small" label={t(`outbox.status.${mail.status}`)} color={statusColors[mail.status]} variant="outlined" />
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        {mail.lastError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {mail.lastError}
          </Alert>
        )}
        {mail.withheld && <Alert severity="info" sx={{ mb: 2 }}>{t(`outbox.withheld.${mail.withheld}`)}</Alert>}
        {mail.text !== null && (
          <>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('outbox.text')}
            </Typography>
            <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 3 }}>
              <LinkifiedText text={mail.text} />
            </Typography>
          </>
        )}
        {mail.html !== null && (
          <>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('outbox.html')}
            </Typography>
            <MailHtmlPreview html={mail.html} title={t('outbox.htmlTitle', { subject: mail.subject })} />
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

const timeFormat = new Intl.DateTimeFormat('es-AR', { timeZone: argentinaTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function formatTime(instant: string): string {
  return timeFormat.format(new Date(instant));
}
