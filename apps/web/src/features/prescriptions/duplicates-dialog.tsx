import { formatDisplayDate, messages, type DuplicateMedication } from '@receta/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';

/**
 * Warns that a medicine repeats one the patient still holds a valid prescription for, listing
 * those prescriptions; the doctor may issue anyway. Open while `duplicates` is not null.
 */
export function DuplicatesDialog({
  duplicates,
  isSending,
  onCancel,
  onConfirm,
}: {
  duplicates: readonly DuplicateMedication[] | null;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={duplicates !== null}
      title={t('prescriptions.duplicates.title')}
      confirmLabel={t('prescriptions.duplicates.confirm')}
      isSending={isSending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {translateMessage(t, messages.prescriptions.duplicateMedication)}
      {duplicates && duplicates.length > 0 && (
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
    </ConfirmDialog>
  );
}
