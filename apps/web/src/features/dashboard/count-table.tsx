import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from './dashboard-format.ts';

export interface CountRow {
  key: string;
  label: ReactNode;
  count: number;
}

/** A titled table of what was counted and how many; says so when there is nothing to count. */
export function CountTable({
  title,
  labelHeader,
  countHeader,
  rows,
  emptyMessage,
}: {
  title: string;
  labelHeader: string;
  countHeader: string;
  rows: readonly CountRow[];
  /** Shown instead of an empty table. */
  emptyMessage?: string;
}) {
  const { i18n } = useTranslation();
  const titleId = useId();
  const isEmpty = rows.length === 0 && emptyMessage !== undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={titleId} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {isEmpty && <Typography color="text.secondary">{emptyMessage}</Typography>}
      {!isEmpty && (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{labelHeader}</TableCell>
              <TableCell align="right">{countHeader}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.label}</TableCell>
                <TableCell align="right">{formatCount(row.count, i18n.language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
