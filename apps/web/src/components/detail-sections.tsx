import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A description list of label and value pairs: one column on phones, up to three on wide
 * screens, so that long values (addresses, CUITs) never push the page sideways.
 */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 1.5, m: 0 }}>
      {children}
    </Box>
  );
}

/** A titled part of a detail page. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>{title}</Typography>
      <DetailList>{children}</DetailList>
    </Box>
  );
}

/** One label and its value; an empty value shows as a dash. */
export function DetailField({ label, value, isMultiline = false }: {
  label: string;
  value: ReactNode;
  isMultiline?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: isMultiline ? 'pre-line' : undefined }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}
