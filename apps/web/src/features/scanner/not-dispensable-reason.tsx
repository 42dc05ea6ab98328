import { formatDisplayDate, messages, type ScannedPrescription } from '@receta/domain';
import Alert from '@mui/material/Alert';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { textContextOf } from './dispensing-panel.tsx';

/**
 * Why a scanned prescription cannot be dispensed, in the pharmacist's words: "fue anulada:
 * <motivo>", "ya fue dispensada el …", "se puede dispensar desde el …", "venció el …". Null
 * while it can be.
 */
export function notDispensableReasonOf(t: TFunction, scanned: ScannedPrescription): string | null {
  const { prescription } = scanned;
  switch (prescription.displayState) {
    case 'cancelled':
      return scanned.cancellationReason
        ? t('scanner.notDispensable.cancelled', { reason: scanned.cancellationReason })
        : t('scanner.notDispensable.cancelledWithoutReason');
    case 'dispensed':
      return scanned.dispensedOn
        ? t('scanner.notDispensable.dispensed', { date: formatDisplayDate(scanned.dispensedOn), context: textContextOf(prescription.kind) })
        : translateMessage(t, messages.dispensing.notDispensable);
    case 'pending':
      return t('scanner.notDispensable.pending', { date: formatDisplayDate(prescription.startDate) });
    case 'expired':
      return t('scanner.notDispensable.expired', { date: formatDisplayDate(prescription.expiryDate) });
    default:
      return null;
  }
}

/** The reason, leading the scanned prescription: red when it never can be, amber before its start. */
export function NotDispensableReason({ scanned }: { scanned: ScannedPrescription }) {
  const { t } = useTranslation();
  const reason = notDispensableReasonOf(t, scanned);
  if (!reason) return null;
  const severity = scanned.prescription.displayState === 'pending' ? 'warning' : 'error';
  return <Alert severity={severity} variant="filled">{reason}</Alert>;
}
