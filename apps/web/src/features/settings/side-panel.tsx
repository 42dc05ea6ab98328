import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A drawer at the end of the screen (the right, or the left right to left) with a title and a close button. */
export function SidePanel({ open, onClose, title, closeLabel, children }: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 380 } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ flexGrow: 1 }}>{title}</Typography>
        <IconButton onClick={onClose} aria-label={closeLabel}><CloseIcon /></IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'grid', gap: 3 }}>{children}</Box>
    </Drawer>
  );
}
