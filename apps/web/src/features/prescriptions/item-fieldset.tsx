import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One line of the prescription, of any kind: its title, its actions (removing it among them) and its fields. */
export function ItemFieldset({ title, actions, removeLabel, onRemove, children }: {
  title: string;
  actions?: ReactNode;
  removeLabel: string;
  /** Absent on the only line: a prescription holds one at least. */
  onRemove?: () => void;
  children: ReactNode;
}) {
  return (
    <Paper component="fieldset" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, m: 0, minWidth: 0 }}>
      {/* On a phone the line's actions go under its title, at the right, when they do not fit beside it. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mb: 2 }}>
        <Typography component="legend" variant="subtitle1" sx={{ flexGrow: 1, float: 'left', fontWeight: 500 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto' }}>
          {actions}
          {onRemove && (
            <Tooltip title={removeLabel}>
              <IconButton onClick={onRemove} size="small"><Delete fontSize="small" /></IconButton>
            </Tooltip>
          )}
        </Box>
      </Box>
      {children}
    </Paper>
  );
}
