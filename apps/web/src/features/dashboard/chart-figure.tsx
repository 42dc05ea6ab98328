import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHiddenSx } from '../../components/visually-hidden.tsx';
import { formatCount } from './dashboard-format.ts';

export interface ChartRow {
  key: string;
  label: string;
  issued: number;
  signed: number;
}

/** Whether each row of a chart is a month or a day. */
export type ChartUnit = 'month' | 'day';

/** The totals and the busiest month or day, in one sentence. */
function useSummaryOf(rows: readonly ChartRow[], unit: ChartUnit): string {
  const { t, i18n } = useTranslation();
  const issued = rows.reduce((sum, row) => sum + row.issued, 0);
  if (issued === 0) return t('dashboard.chart.emptySummary');
  const peak = rows.reduce((busiest, row) => (row.issued > busiest.issued ? row : busiest));
  return t(`dashboard.chart.summary.${unit}`, {
    issued: formatCount(issued, i18n.language),
    signed: formatCount(rows.reduce((sum, row) => sum + row.signed, 0), i18n.language),
    peak: peak.label,
    peakCount: formatCount(peak.issued, i18n.language),
  });
}

/**
 * A chart under its title. The chart is drawn for the eye only: screen readers get the same
 * figures as a table, hidden from sight, and a one-line summary as the figure's description.
 */
export function ChartFigure({
  title,
  unit,
  rows,
  children,
}: {
  title: string;
  unit: ChartUnit;
  rows: readonly ChartRow[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const summary = useSummaryOf(rows, unit);
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} aria-describedby={summaryId} sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography id={titleId} variant="h6" component="figcaption">
        {title}
      </Typography>
      <Typography id={summaryId} variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <Box aria-hidden="true" sx={{ height: 280 }}>
        <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>{children}</Suspense>
      </Box>
      {/* A table cannot be shrunk out of sight itself: it grows to its rows whatever its height. */}
      <Box sx={visuallyHiddenSx}>
        <Table size="small">
          <caption>{title}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{t(`dashboard.chart.${unit}`)}</TableCell>
              <TableCell>{t('dashboard.chart.issued')}</TableCell>
              <TableCell>{t('dashboard.chart.signed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell>{row.label}</TableCell>
                <TableCell>{row.issued}</TableCell>
                <TableCell>{row.signed}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
