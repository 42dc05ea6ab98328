import { formatDisplayDate, type AdminDashboard, type DashboardPeriod } from '@receta/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { paths } from '../../config/paths.ts';
import { ChartFigure } from './chart-figure.tsx';
import { useAdminDashboard } from './dashboard-api.ts';
import { FigureCard } from './figure-card.tsx';

const DailyChart = lazy(() => import('./prescription-charts.tsx').then((charts) => ({ default: charts.DailyChart })));

function Figures({ dashboard }: { dashboard: AdminDashboard }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <FigureCard
          label={t('dashboard.admin.pendingApprovals')}
          count={dashboard.pendingApprovals}
          action={(
            <Link component={RouterLink} to={paths.notAuthorizedUsers.getHref()}>
              {t('dashboard.admin.review')}
            </Link>
          )}
        />
        <FigureCard label={t('dashboard.admin.activeDoctors')} count={dashboard.activeDoctors} />
        <FigureCard label={t('dashboard.admin.issued')} count={dashboard.totals.issued} />
        <FigureCard label={t('dashboard.admin.signed')} count={dashboard.totals.signed} />
      </Box>
      <ChartFigure
        title={t('dashboard.admin.perDay')}
        unit="day"
        rows={dashboard.perDay.map((day) => ({ ...day, key: day.date, label: formatDisplayDate(day.date) }))}
      >
        <DailyChart days={dashboard.perDay} />
      </ChartFigure>
    </Box>
  );
}

/** The moderators' figures: accounts waiting for them, doctors at work, the platform's prescriptions per day. */
export function AdminFigures({ period }: { period: DashboardPeriod }) {
  const { t } = useTranslation();
  const query = useAdminDashboard(period);
  return (
    <Box component="section" aria-labelledby="dashboard-admin" sx={{ mb: 4 }}>
      <Typography id="dashboard-admin" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('dashboard.admin.title')}
      </Typography>
      <LoadedResource query={query} notFound={t('dashboard.loadFailed')}>
        {(dashboard) => <Figures dashboard={dashboard} />}
      </LoadedResource>
    </Box>
  );
}
