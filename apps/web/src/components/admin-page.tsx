import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title.tsx';

/** The frame of an administration page: its title, an optional lead, actions at the end of the title row. */
export function AdminPage({
  title,
  lead,
  actions,
  maxWidth = 1200,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ maxWidth, mx: 'auto' }}>
      <PageTitle title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: lead ? 1 : 3 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {lead && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {lead}
        </Typography>
      )}
      {children}
    </Box>
  );
}
