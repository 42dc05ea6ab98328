import { messages, type PrescriptionItem, type PrescriptionKind, type ScannedPrescription } from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useDispense } from './scanner-api.ts';

/** Only a prescription in force can be dispensed: not before its start, nor once expired or cancelled. */
const dispensableStates: readonly string[] = ['valid', 'partially_dispensed'];

/**
 * The texts' variant for a kind: a device is delivered and a practice performed where a medicine
 * is dispensed; medicines keep the texts without a variant.
 */
export function textContextOf(kind: PrescriptionKind): 'device' | 'practice' | undefined {
  return kind === 'medication' ? undefined : kind;
}

export function medicationOf(item: PrescriptionItem): string {
  return [item.genericName, item.strength].filter(Boolean).join(' ');
}

/** The pending quantity of each line, dispensed (delivered, performed) one by one or all at once. */
export function DispensingPanel({ code, scanned }: { code: string; scanned: ScannedPrescription }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { prescription } = scanned;
  const dispense = useDispense(code, prescription.id);
  const isDispensable = dispensableStates.includes(prescription.displayState);
  const pendingItems = prescription.items.filter((item) => item.dispensedQuantity < item.quantity);
  const [isConfirmingAll, setIsConfirmingAll] = useState(false);
  const context = textContextOf(prescription.kind);

  function send(input: Parameters<typeof dispense.mutate>[0]) {
    dispense.mutate(input, {
      onSuccess: ({ message }) => notify({ message, variant: 'success' }),
      onError: (error) => notify({ message: notDispensedBecause(error), variant: 'error' }),
    });
  }

  return (
    <Box component="section" aria-labelledby="dispensing-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography id="dispensing-title" component="h2" variant="h2" sx={{ flexGrow: 1 }}>{t('scanner.dispensing.title', { context })}</Typography>
        <Button
          variant="contained"
          disabled={!isDispensable || pendingItems.length === 0}
          loading={dispense.isPending}
          onClick={() => setIsConfirmingAll(true)}
        >
          {t('scanner.dispensing.dispenseAll', { context })}
        </Button>
      </Box>
      {/* Dispensing everything cannot be taken back but item by item: the pharmacist confirms it. */}
      <ConfirmDialog
        open={isConfirmingAll}
        title={t('scanner.dispensing.confirmAllTitle', { context })}
        confirmLabel={t('scanner.dispensing.dispenseAll', { context })}
        onCancel={() => setIsConfirmingAll(false)}
        onConfirm={() => {
          setIsConfirmingAll(false);
          send({ all: true });
        }}
      >
        {t('scanner.dispensing.confirmAll', { number: prescription.number, context })}
        <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
          {pendingItems.map((item) => (
            <li key={item.id}>
              {t('scanner.dispensations.entry', { quantity: item.quantity - item.dispensedQuantity, medication: medicationOf(item) })}
            </li>
          ))}
        </Box>
      </ConfirmDialog>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {prescription.items.map((item) => (
          <ItemRow
            // A new key when the count changes resets the quantity typed to what is still pending.
            key={`${item.id}:${item.dispensedQuantity}`}
            item={item}
            context={context}
            isDisabled={!isDispensable || dispense.isPending}
            onDispense={(quantity) => send({ items: [{ itemId: item.id, quantity }] })}
          />
        ))}
      </Box>
    </Box>
  );
}

/** '¡No se pudo dispensar la prescripción!' and the server's reason, when it gave one. */
function notDispensedBecause(error: unknown): string {
  const reason = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : null;
  return reason && reason !== messages.dispensing.notDispensed
    ? `${messages.dispensing.notDispensed} ${reason}`
    : messages.dispensing.notDispensed;
}

interface ItemRowProps {
  item: PrescriptionItem;
  context: 'device' | 'practice' | undefined;
  isDisabled: boolean;
  onDispense: (quantity: number) => void;
}

function ItemRow({ item, context, isDisabled, onDispense }: ItemRowProps) {
  const { t } = useTranslation();
  const pending = item.quantity - item.dispensedQuantity;
  const [quantity, setQuantity] = useState(String(pending));
  const medication = medicationOf(item);
  const chosen = Number(quantity);
  const isQuantityValid = Number.isInteger(chosen) && chosen >= 1 && chosen <= pending;

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{medication}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('scanner.dispensing.pending', { pending, quantity: item.quantity })}
        </Typography>
      </Box>
      {pending === 0
        ? <Chip color="primary" label={t('scanner.dispensing.done', { context })} />
        : (
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <TextField
                type="number"
                size="small"
                label={t('scanner.dispensing.quantity')}
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                error={!isQuantityValid}
                helperText={isQuantityValid ? undefined : translateMessage(t, messages.dispensing.quantityInvalid)}
                disabled={isDisabled}
                slotProps={{ htmlInput: { min: 1, max: pending, 'aria-label': t('scanner.dispensing.quantityOf', { medication }) } }}
                sx={{ width: 110 }}
              />
              <Button
                variant="outlined"
                disabled={isDisabled || !isQuantityValid}
                onClick={() => onDispense(chosen)}
                aria-label={t('scanner.dispensing.dispenseOf', { medication, context })}
              >
                {t('scanner.dispensing.dispense', { context })}
              </Button>
            </Box>
          )}
    </Paper>
  );
}
