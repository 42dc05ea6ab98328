import { formatDisplayDate, seriesWindows } from '@receta/domain';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The validity windows of a Receta Crónica: each monthly prescription starts the day after the
 * one before expires. Until the start date is typed in full it counts from `fallback`.
 */
export function SeriesPreview(
  { startDate, length, fallback }: { startDate: string; length: number; fallback: string },
) {
  const { t } = useTranslation();
  const windows = seriesWindows(isoDate.test(startDate) ? startDate : fallback, length);
  return (
    <section aria-label={t('prescriptions.form.seriesPreview')}>
      <Typography variant="body2" color="text.secondary">{t('prescriptions.form.seriesPreview')}</Typography>
      <List dense disablePadding>
        {windows.map((window, index) => (
          <ListItem key={window.startDate} disableGutters>
            <ListItemText
              primary={t('prescriptions.series', { position: index + 1, length })}
              secondary={t('prescriptions.form.window', {
                start: formatDisplayDate(window.startDate),
                end: formatDisplayDate(window.expiryDate),
              })}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
