import { formatDisplayDate, messages } from '@receta/domain';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import type { PrescriptionWarnings } from './use-prescription-submission.ts';

/**
 * Warns, before issuing, that a medicine meets the patient's recorded allergies or repeats one
 * the patient still holds a valid prescription for, listing each; the doctor may issue anyway.
 * Open while `warnings` is not null.
 */
export function WarningsDialog({
  warnings,
  isSending,
  onCancel,
  onConfirm,
}: {
  warnings: PrescriptionWarnings | null;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const allergies = warnings?.allergies ?? [];
  const duplicates = warnings?.duplicates ?? [];
  return (
    <ConfirmDialog
      open={warnings !== null}
      title={allergies.length > 0 ? t('allergies.warningTitle') : t('prescriptions.duplicates.title')}
      confirmLabel={t('prescriptions.duplicates.confirm')}
      isSending={isSending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {allergies.length > 0 && (
        <>
          <Typography component="span" sx={{ color: 'error.main', fontWeight: 500 }}>
            {translateMessage(t, messages.prescriptions.allergyWarning)}
          </Typography>
          <ul>
            {allergies.map((conflict) => (
              <li key={`${conflict.genericName}-${conflict.substance}`}>
                {t('allergies.conflict', {
                  medication: conflict.genericName,
                  kind: t(`allergies.kinds.${conflict.kind}`),
                  substance: conflict.substance,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {(duplicates.length > 0 || allergies.length === 0) && (
        <>
          {translateMessage(t, messages.prescriptions.duplicateMedication)}
          {duplicates.length > 0 && (
            <ul>
              {duplicates.map((duplicate) => (
                <li key={`${duplicate.prescriptionId}-${duplicate.genericName}`}>
                  {t('prescriptions.duplicates.item', {
                    number: duplicate.number,
                    medication: duplicate.genericName,
                    expiry: formatDisplayDate(duplicate.expiryDate),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
