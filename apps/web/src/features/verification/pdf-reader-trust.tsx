import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { platformCaCertificateUrl } from './verification-api.ts';

const steps = ['preferences', 'import', 'trust'] as const;

/**
 * How a pharmacy makes its PDF reader show the prescriptions' signatures as valid: download the
 * platform CA's certificate and trust it once (Adobe Acrobat and Acrobat Reader).
 */
export function PdfReaderTrust() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="pdf-reader-trust" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="pdf-reader-trust" component="h2" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        {t('verification.pdfReader.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{t('verification.pdfReader.lead')}</Typography>
      <Button component="a" href={platformCaCertificateUrl} download variant="outlined" size="small" startIcon={<Download />}>
        {t('verification.pdfReader.download')}
      </Button>
      <Typography component="ol" variant="body2" sx={{ mt: 1.5, mb: 1, pl: 2.5 }}>
        {steps.map((step) => <li key={step}>{t(`verification.pdfReader.steps.${step}`)}</li>)}
      </Typography>
      <Typography variant="body2" color="text.secondary">{t('verification.pdfReader.note')}</Typography>
    </Box>
  );
}
