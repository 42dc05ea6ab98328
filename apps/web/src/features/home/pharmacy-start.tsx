import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { HomeSection } from './home-section.tsx';

/** A pharmacy's start: the scanner, where every dispensing begins. */
export function PharmacyStart() {
  const { t } = useTranslation();
  return (
    <HomeSection title={t('home.pharmacy.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{t('home.pharmacy.description')}</Typography>
      <Button component={RouterLink} to={paths.scanner.getHref()} variant="contained" size="large" startIcon={<QrCodeScanner />}>
        {t('home.pharmacy.scan')}
      </Button>
    </HomeSection>
  );
}
