import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One titled card of the profile page, named by its heading for screen readers. */
export function ProfileSection({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h2" variant="h2" sx={{ mb: lead ? 0.5 : 2 }}>{title}</Typography>
      {lead && <Typography color="text.secondary" sx={{ mb: 2 }}>{lead}</Typography>}
      {children}
    </Paper>
  );
}

/** A smaller heading inside a section, for each of its parts. */
export function ProfileSubheading({ children }: { children: ReactNode }) {
  return <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>{children}</Typography>;
}
