import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Styles that hide an element from sight but not from screen readers. Sizes are strings: in
 * `sx`, a bare 1 means 100%.
 */
export const visuallyHiddenSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Text for screen readers only, such as a hint that a link opens a new tab. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHiddenSx}>
      {children}
    </Box>
  );
}
