import { medicinePriceFinder } from '@receta/domain';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from './visually-hidden.tsx';

/** The Buscador Nacional de Medicamentos, which every prescription links to (Disp. 1/2025 art. 5). */
export function PriceFinderLink() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2">
      {t('priceFinder.text')}
      {' '}
      <Link href={medicinePriceFinder.url} target="_blank" rel="noopener noreferrer">
        {t('priceFinder.link')}
        <OpenInNew aria-hidden sx={{ fontSize: '0.875rem', ml: 0.25, verticalAlign: 'middle' }} />
        <VisuallyHidden>{` ${t('app.opensInNewTab')}`}</VisuallyHidden>
      </Link>
    </Typography>
  );
}
