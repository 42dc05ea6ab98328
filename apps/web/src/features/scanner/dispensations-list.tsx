import { argentinaTimeZone, formatDisplayDate, type ScannedPrescription } from '@receta/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { medicationOf, textContextOf } from './dispensing-panel.tsx';
import { useUndoDispensation } from './scanner-api.ts';

const timeFormat = new Intl.DateTimeFormat('es-AR', { timeZone: argentinaTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Who dispensed what and when; the same pharmacy may undo its own on the same day. */
export function DispensationsList({ code, scanned }: { code: string; scanned: ScannedPrescription }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { prescription, dispensations } = scanned;
  const undo = useUndoDispensation(code, prescription.id);
  const medicationById = new Map(prescription.items.map((item) => [item.id, medicationOf(item)]));
  const context = textContextOf(prescription.kind);

  function undoOne(dispensationId: string) {
    undo.mutate(dispensationId, {
      onSuccess: ({ message }) => notify({ message, variant: 'success' }),
      onError: (error) => notify({ message: errorMessageOf(error), variant: 'error' }),
    });
  }

  return (
    <Box component="section" aria-labelledby="dispensations-title">
      <Typography id="dispensations-title" component="h2" variant="h2" sx={{ mb: 1.5 }}>{t('scanner.dispensations.title', { context })}</Typography>
      {dispensations.length === 0
        ? <Typography color="text.secondary">{t('scanner.dispensations.empty', { context })}</Typography>
        : (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
              {dispensations.map((dispensation) => {
                const medication = medicationById.get(dispensation.itemId) ?? '';
                const dispensedAt = new Date(dispensation.dispensedAt);
                return (
                  <Paper key={dispensation.id} component="li" variant="outlined" sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                      <Typography sx={{ overflowWrap: 'anywhere', textDecoration: dispensation.undoneAt ? 'line-through' : undefined }}>
                        {t('scanner.dispensations.entry', { quantity: dispensation.quantity, medication })}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {t('scanner.dispensations.detail', {
                          pharmacy: dispensation.pharmacy.displayName,
                          date: formatDisplayDate(dispensedAt),
                          time: timeFormat.format(dispensedAt),
                        })}
                      </Typography>
                    </Box>
                    {dispensation.undoneAt && <Chip size="small" label={t('scanner.dispensations.undone')} />}
                    {dispensation.canUndo && !dispensation.undoneAt && (
                      <Button
                        color="error"
                        loading={undo.isPending && undo.variables === dispensation.id}
                        disabled={undo.isPending}
                        onClick={() => undoOne(dispensation.id)}
                        aria-label={t('scanner.dispensations.undoOf', { medication })}
                      >
                        {t('scanner.dispensations.undo')}
                      </Button>
                    )}
                  </Paper>
                );
              })}
            </Box>
          )}
    </Box>
  );
}
