import type { PrescriptionDisplayState } from '@receta/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colorOf[state]}
      variant={state === 'expired' ? 'outlined' : 'filled'}
      label={t(`labels.prescriptionStates.${state}`)}
      // The longest label ("Firmado, vigente desde su fecha de inicio") wraps instead of widening the column;
      // on a phone the chips keep their own width, or a list's actions are pushed out of view.
      sx={{ height: 'auto', minWidth: { sm: 140 }, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}
