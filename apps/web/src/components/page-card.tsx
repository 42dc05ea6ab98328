import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title.tsx';

/** The card of a guest page (login, registration, mailed links): its title, an optional lead, the form. */
export function PageCard({
  title,
  lead,
  maxWidth = 480,
  children,
}: {
  title: string;
  lead?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ maxWidth, mx: 'auto', p: { xs: 2.5, sm: 4 } }}>
      <PageTitle title={title} />
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {lead}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
