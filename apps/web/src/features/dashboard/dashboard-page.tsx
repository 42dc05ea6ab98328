import { DashboardQuerySchema, formatDisplayDate, type DashboardPeriod } from '@receta/domain';
import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { isWorkspaceMember } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { AdminFigures } from './admin-figures.tsx';
import { MedicalFigures } from './medical-figures.tsx';
import { PeriodSelector } from './period-selector.tsx';

/** The period in the address (?from=&to=), to survive a reload and be shared; else the last twelve months. */
function usePeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const from = searchParams.get('from') ?? undefined;
  const to = searchParams.get('to') ?? undefined;
  const period = useMemo(() => {
    const parsed = DashboardQuerySchema.safeParse({ from, to });
    return parsed.success ? parsed.data : DashboardQuerySchema.parse({});
  }, [from, to]);
  return [period, (next) => setSearchParams(next)];
}

/**
 * `/dashboard` (Indicadores, dashboard.medical): for the period chosen, the figures of the
 * prescriptions in the current workspace, and for moderators (index.not.authorized.user) the
 * platform's. Every figure is counted by the server.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user, scope } = useSession();
  const [period, setPeriod] = usePeriod();
  // Prescriptions live in workspaces; a user who belongs to none, such as the superadmin, has none to count.
  const showsPrescriptions = isWorkspaceMember(user);
  const showsPlatform = scope.includes('index.not.authorized.user');

  return (
    <AdminPage
      title={t('dashboard.title')}
      lead={t('dashboard.period.showing', { from: formatDisplayDate(period.from), to: formatDisplayDate(period.to) })}
    >
      <PeriodSelector period={period} onChange={setPeriod} />
      {showsPrescriptions && <MedicalFigures period={period} />}
      {showsPlatform && <AdminFigures period={period} />}
      {!showsPrescriptions && !showsPlatform && <Alert severity="info">{t('dashboard.noFigures')}</Alert>}
    </AdminPage>
  );
}
