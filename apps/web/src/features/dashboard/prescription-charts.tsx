import type { DayCount, MonthCount } from '@receta/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayOfMonth, formatMonth } from './dashboard-format.ts';

// The charts library is loaded only by the dashboard (React.lazy): these are its only users.

const chartHeight = 280;

/**
 * The charts are drawn for the eye only, with their figures as a table for screen readers
 * (chart-figure.tsx): the library's keyboard walk over the bars and points would be a tab stop
 * inside content hidden from assistive technology, so it is off.
 */
const eyeOnly = { disableKeyboardNavigation: true } as const;

/** The charts' own texts (an empty chart, one loading) in the user's language. */
function InLanguage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ChartsLocalizationProvider localeText={{ noData: t('dashboard.chart.noData'), loading: t('dashboard.chart.loading') }}>
      {children}
    </ChartsLocalizationProvider>
  );
}

/** Prescriptions issued and signed per month, as bars side by side. */
export function MonthlyChart({ months }: { months: readonly MonthCount[] }) {
  const { t, i18n } = useTranslation();
  return (
    <InLanguage>
      <BarChart
        {...eyeOnly}
        height={chartHeight}
        xAxis={[{
          scaleType: 'band',
          data: months.map((month) => month.month),
          valueFormatter: (month: string) => formatMonth(month, i18n.language, 'short'),
        }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[
          { data: months.map((month) => month.issued), label: t('dashboard.chart.issued') },
          { data: months.map((month) => month.signed), label: t('dashboard.chart.signed') },
        ]}
        grid={{ horizontal: true }}
      />
    </InLanguage>
  );
}

/**
 * Prescriptions issued and signed per day, as lines. A period of a month or less marks and
 * names every day; a longer one names the first day of each month.
 */
export function DailyChart({ days }: { days: readonly DayCount[] }) {
  const { t } = useTranslation();
  const isShort = days.length <= 31;
  return (
    <InLanguage>
      <LineChart
        {...eyeOnly}
        height={chartHeight}
        xAxis={[{
          scaleType: 'point',
          data: days.map((day) => day.date),
          valueFormatter: formatDayOfMonth,
          tickInterval: (date: string) => isShort || date.endsWith('-01'),
        }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[
          { data: days.map((day) => day.issued), label: t('dashboard.chart.issued'), showMark: isShort },
          { data: days.map((day) => day.signed), label: t('dashboard.chart.signed'), showMark: isShort },
        ]}
        grid={{ horizontal: true }}
      />
    </InLanguage>
  );
}
