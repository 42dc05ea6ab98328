import { formatDisplayDate, formatDisplayDateTime, type QuickPanelData } from '@receta/domain';
import CloseIcon from '@mui/icons-material/Close';
import ViewSidebarOutlinedIcon from '@mui/icons-material/ViewSidebarOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useQuickPanelData } from './quick-panel-api.ts';

/** The toolbar's quick panel: today's date, the drafts waiting for the PIN and the latest events. */
export function QuickPanel() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const data = useQuickPanelData(isOpen);

  return (
    <>
      <Tooltip title={t('quickPanel.title')}>
        <IconButton onClick={() => setIsOpen(true)} aria-label={t('quickPanel.open')} aria-haspopup="dialog">
          <ViewSidebarOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={isOpen}
        onClose={() => setIsOpen(false)}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 360 } } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id={titleId} component="h2" variant="h2" sx={{ flexGrow: 1 }}>{t('quickPanel.title')}</Typography>
          <IconButton onClick={() => setIsOpen(false)} aria-label={t('quickPanel.close')}><CloseIcon /></IconButton>
        </Box>
        <Box sx={{ p: 2, display: 'grid', gap: 3 }}>
          {data.isPending && <Skeleton variant="rectangular" height={160} aria-label={t('quickPanel.loading')} />}
          {data.isError && <Alert severity="error">{translateMessage(t, errorMessageOf(data.error))}</Alert>}
          {data.isSuccess && <QuickPanelContent data={data.data} onNavigate={() => setIsOpen(false)} />}
        </Box>
      </Drawer>
    </>
  );
}

function QuickPanelContent({ data, onNavigate }: { data: QuickPanelData; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <section>
        <Typography variant="overline" component="h3" color="text.secondary">{t('quickPanel.today')}</Typography>
        <Typography variant="h1" component="p">{formatDisplayDate(data.today)}</Typography>
      </section>
      <section>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>{t('quickPanel.drafts')}</Typography>
        {data.drafts.total === 0
          ? <Typography color="text.secondary">{t('quickPanel.noDrafts')}</Typography>
          : (
              <>
                <Typography color="text.secondary" sx={{ mb: 1 }}>{t('quickPanel.draftsCount', { count: data.drafts.total })}</Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
                  {data.drafts.latest.map((draft) => (
                    <li key={draft.id}>
                      <Link component={RouterLink} to={paths.prescription.getHref(draft.id)} onClick={onNavigate}>
                        {t('quickPanel.draft', { number: draft.number, patient: draft.patient })}
                      </Link>
                    </li>
                  ))}
                </Box>
                <Link component={RouterLink} to={paths.myPrescriptions.getHref()} onClick={onNavigate} sx={{ display: 'inline-block', mt: 1 }}>
                  {t('quickPanel.allDrafts')}
                </Link>
              </>
            )}
      </section>
      <section>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 0.5 }}>{t('quickPanel.events')}</Typography>
        {data.events.length === 0
          ? <Typography color="text.secondary">{t('quickPanel.noEvents')}</Typography>
          : (
              <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
                {data.events.map((event) => (
                  <Box component="li" key={event.id} sx={{ borderInlineStart: 3, borderColor: 'divider', paddingInlineStart: 1.5 }}>
                    <Link
                      component={RouterLink}
                      to={paths.prescription.getHref(event.prescriptionId)}
                      onClick={onNavigate}
                    >
                      {t('quickPanel.event', {
                        event: t(`prescriptionEvents.${event.kind}`),
                        number: event.prescriptionNumber,
                        patient: event.patient,
                      })}
                    </Link>
                    <Typography variant="body2" color="text.secondary">{formatDisplayDateTime(event.at)}</Typography>
                  </Box>
                ))}
              </Box>
            )}
      </section>
    </>
  );
}
