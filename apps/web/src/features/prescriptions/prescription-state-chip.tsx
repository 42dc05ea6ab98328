import { prescriptionDisplayStateLabels, type PrescriptionDisplayState } from '@receta/domain';
import Chip from '@mui/material/Chip';

const colorOf = {
  draft: 'default',
  pending: 'info',
  valid: 'success',
  partially_dispensed: 'warning',
  dispensed: 'primary',
  cancelled: 'error',
  expired: 'default',
} as const satisfies Record<PrescriptionDisplayState, string>;

/** The state a prescription shows today (a signed one is pending, valid or expired by date). */
export function PrescriptionStateChip({ state }: { state: PrescriptionDisplayState }) {
  return (
    <Chip
      size="small"
      color={colorOf[state]}
      variant={state === 'expired' ? 'outlined' : 'filled'}
      label={prescriptionDisplayStateLabels[state]}
      // The longest label ("Firmado, vigente desde su fecha de inicio") wraps instead of widening the column.
      sx={{ height: 'auto', minWidth: 140, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
