import OpenInNew from '@mui/icons-material/OpenInNew';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message.ts';
import { errorMessageOf } from '../lib/api-client.ts';
import { useProtectedFile } from '../lib/protected-file.ts';

/**
 * One uploaded document of a doctor (moderation, medic detail). Images show inline from a data: address (the server's
 * content security policy allows data: images, not blob: ones); any document opens in a new
 * tab, where the browser shows PDFs with its own viewer.
 */
export function DocumentPreview({ label, location }: { label: string; location: string | null }) {
  const { t } = useTranslation();
  return (
    <Box component="figure" sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, minWidth: 0 }}>
      <Typography component="figcaption" sx={{ fontWeight: 500, mb: 1 }}>
        {label}
      </Typography>
      {location
        ? <StoredDocument label={label} location={location} />
        : (
            <Typography variant="body2" color="text.secondary">
              {t('documents.missing')}
            </Typography>
          )}
    </Box>
  );
}

function StoredDocument({ label, location }: { label: string; location: string }) {
  const { t } = useTranslation();
  const file = useProtectedFile(location);

  if (file.isPending) return <Skeleton variant="rectangular" height={160} />;
  if (file.isError) return <Alert severity="error">{translateMessage(t, errorMessageOf(file.error))}</Alert>;

  const { blob, imageSource } = file.data;
  function open() {
    const url = URL.createObjectURL(blob);
    window.open(url, '_blank', 'noopener');
    // The new tab has read the file by then; the address would otherwise live as long as this page.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  return (
    <>
      {imageSource
        ? (
            <Box
              component="img"
              src={imageSource}
              alt={label}
              sx={{ display: 'block', width: '100%', maxHeight: 220, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
            />
          )
        : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 2 }}>
              <PictureAsPdf aria-hidden />
              <Typography variant="body2">{t('documents.pdf')}</Typography>
            </Box>
          )}
      <Button size="small" startIcon={<OpenInNew />} onClick={open} sx={{ mt: 1 }} aria-label={t('documents.openNamed', { document: label })}>
        {t('documents.open')}
      </Button>
    </>
  );
}
