import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SummaryRow {
  label: string;
  value: ReactNode;
}

/** The few facts a public page shows of a prescription, as a list of terms that wraps at 375 px. */
export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">{row.label}</Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{row.value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
