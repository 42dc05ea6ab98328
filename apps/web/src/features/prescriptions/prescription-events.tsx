import { formatDisplayDateTime, type PrescriptionEvent } from '@receta/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { usePrescriptionEvents } from './prescriptions-api.ts';

/** The prescription's history, oldest first so that it reads as the story it tells. */
export function PrescriptionEvents({ id }: { id: string }) {
  const { t } = useTranslation();
  const events = usePrescriptionEvents(id);

  return (
    <Box component="section">
      <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('prescriptions.events.title')}</Typography>
      {events.isPending && <Skeleton variant="rectangular" height={80} aria-label={t('prescriptions.events.loading')} />}
      {events.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(events.error))}</Alert>}
      {events.isSuccess && (events.data.events.length === 0
        ? <Typography color="text.secondary">{t('prescriptions.events.empty')}</Typography>
        : (
            <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
              {oldestFirst(events.data.events).map((event) => <EventItem key={event.id} event={event} />)}
            </Box>
          ))}
    </Box>
  );
}

function oldestFirst(events: readonly PrescriptionEvent[]): PrescriptionEvent[] {
  return events.toSorted((one, other) => Date.parse(one.at) - Date.parse(other.at));
}

/** Who did it: the actor's name, else the patient when they opened it, else the platform (a scheduled job). */
function EventItem({ event }: { event: PrescriptionEvent }) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>{t(`prescriptionEvents.${event.kind}`)}</Typography>
        <Typography component="time" dateTime={event.at} variant="body2" color="text.secondary">
          {formatDisplayDateTime(event.at)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {event.actor?.displayName ?? t(event.kind === 'opened' ? 'prescriptions.events.patient' : 'prescriptions.events.platform')}
      </Typography>
      {event.detail && <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{event.detail}</Typography>}
    </Box>
  );
}
