import type { DashboardPeriod, MedicalDashboard } from '@receta/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { CountTable } from './count-table.tsx';
import { useMedicalDashboard } from './dashboard-api.ts';
import { formatMonth } from './dashboard-format.ts';
import { FigureCard } from './figure-card.tsx';

const MonthlyChart = lazy(() => import('./prescription-charts.tsx').then((charts) => ({ default: charts.MonthlyChart })));

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 } as const;

function Figures({ dashboard }: { dashboard: MedicalDashboard }) {
  const { t, i18n } = useTranslation();
  const count = t('dashboard.medical.count');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <FigureCard label={t('dashboard.medical.issued')} count={dashboard.totals.issued} />
        <FigureCard label={t('dashboard.medical.signed')} count={dashboard.totals.signed} />
        <FigureCard label={t('dashboard.medical.patients')} count={dashboard.totals.patients} />
      </Box>
      <ChartFigure
        title={t('dashboard.medical.perMonth')}
        unit="month"
        rows={dashboard.perMonth.map((month) => ({
          ...month, key: month.month, label: formatMonth(month.month, i18n.language),
        }))}
      >
        <MonthlyChart months={dashboard.perMonth} />
      </ChartFigure>
      <Box sx={twoColumns}>
        <CountTable
          title={t('dashboard.medical.byState')}
          labelHeader={t('dashboard.medical.state')}
          countHeader={count}
          rows={dashboard.byState.map((row) => ({ key: row.state, label: t(`labels.prescriptionStates.${row.state}`), count: row.count }))}
        />
        <CountTable
          title={t('dashboard.medical.byType')}
          labelHeader={t('dashboard.medical.type')}
          countHeader={count}
          rows={dashboard.byType.map((row) => ({ key: row.type, label: t(`labels.prescriptionTypes.${row.type}`), count: row.count }))}
        />
        <CountTable
          title={t('dashboard.medical.topMedications')}
          labelHeader={t('dashboard.medical.medication')}
          countHeader={count}
          rows={dashboard.topMedications.map((row) => ({ ...row, key: row.genericName, label: row.genericName }))}
          emptyMessage={t('dashboard.medical.noneGiven')}
        />
        <CountTable
          title={t('dashboard.medical.topDiagnoses')}
          labelHeader={t('dashboard.medical.diagnosis')}
          countHeader={count}
          rows={dashboard.topDiagnoses.map((row) => ({ key: row.code, label: `${row.code} — ${row.description}`, count: row.count }))}
          emptyMessage={t('dashboard.medical.noneGiven')}
        />
      </Box>
    </Box>
  );
}

/**
 * The prescriptions of the period in the current workspace: the doctor's own, or everyone's
 * for those who see the workspace's list. Tops count what patients were given (signed, not cancelled).
 */
export function MedicalFigures({ period }: { period: DashboardPeriod }) {
  const { t } = useTranslation();
  const query = useMedicalDashboard(period);
  return (
    <Box component="section" aria-labelledby="dashboard-medical" sx={{ mb: 4 }}>
      <Typography id="dashboard-medical" variant="h5" component="h2" sx={{ mb: 2 }}>
        {query.data?.reach === 'workspace' ? t('dashboard.medical.workspaceTitle') : t('dashboard.medical.ownTitle')}
      </Typography>
      <LoadedResource query={query} notFound={t('dashboard.loadFailed')}>
        {(dashboard) => <Figures dashboard={dashboard} />}
      </LoadedResource>
    </Box>
  );
}
