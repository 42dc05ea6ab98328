import { messages, PrescriptionLookupSchema } from '@receta/domain';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { PrescriptionLookupForm } from '../../components/prescription-lookup-form.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/session.tsx';
import { PrescriptionContent } from '../prescriptions/index.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { DispensationsList } from './dispensations-list.tsx';
import { DispensingPanel } from './dispensing-panel.tsx';
import { NotDispensableReason } from './not-dispensable-reason.tsx';
import { useScannedPrescription } from './scanner-api.ts';

/**
 * `/scanner` (index.scan): the pharmacy finds a prescription by its QR code, its typed code or
 * the CUIR of one of its items. The code or CUIR lives in the address, so that a reload or the
 * back button keeps the prescription.
 */
export function ScannerPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = PrescriptionLookupSchema.safeParse(searchParams.get('code') ?? '');
  const code = parsed.success ? parsed.data : null;

  return (
    <AdminPage title={t('scanner.title')} lead={t('scanner.lead')} maxWidth={1000}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack spacing={2}>
          <CameraScanner onCode={(scanned) => setSearchParams({ code: scanned })} />
          <Divider />
          <PrescriptionLookupForm
            key={code}
            label={t('scanner.code')}
            submitLabel={t('scanner.search')}
            initialCode={code ?? ''}
            onLookup={(typed) => setSearchParams({ code: typed })}
          />
        </Stack>
      </Paper>
      {code && <ScannedPrescriptionView key={code} code={code} />}
    </AdminPage>
  );
}

function ScannedPrescriptionView({ code }: { code: string }) {
  const { t } = useTranslation();
  const { scope } = useSession();
  const scanned = useScannedPrescription(code);

  if (scanned.isPending) return <CircularProgress aria-label={t('scanner.loading')} />;
  if (scanned.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(scanned.error, messages.dispensing.notFound))}</Alert>;
  }
  return (
    <Stack spacing={3}>
      <Typography component="h2" variant="h2">
        {t('prescriptions.detail.title', { number: scanned.data.prescription.number })}
      </Typography>
      <NotDispensableReason scanned={scanned.data} />
      {scanned.data.signatureValid
        ? <Alert severity="success">{t('scanner.signatureValid')}</Alert>
        : <Alert severity="error">{t('scanner.signatureInvalid')}</Alert>}
      {scope.includes('mark.prescription') && <DispensingPanel code={code} scanned={scanned.data} />}
      <DispensationsList code={code} scanned={scanned.data} />
      <PrescriptionContent prescription={scanned.data.prescription} />
    </Stack>
  );
}
