import { messages, VerificationCodeSchema } from '@receta/domain';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/session.tsx';
import { PrescriptionContent } from '../prescriptions/index.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { DispensationsList } from './dispensations-list.tsx';
import { DispensingPanel } from './dispensing-panel.tsx';
import { useScannedPrescription } from './scanner-api.ts';

const CodeFormSchema = z.object({ code: VerificationCodeSchema });
type CodeForm = z.input<typeof CodeFormSchema>;

/**
 * `/scanner` (index.scan): the pharmacy finds a prescription by its QR code or its typed code.
 * The code lives in the address, so that a reload or the back button keeps the prescription.
 */
export function ScannerPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = VerificationCodeSchema.safeParse(searchParams.get('code') ?? '');
  const code = parsed.success ? parsed.data : null;

  return (
    <AdminPage title={t('scanner.title')} lead={t('scanner.lead')} maxWidth={1000}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack spacing={2}>
          <CameraScanner onCode={(scanned) => setSearchParams({ code: scanned })} />
          <Divider />
          <CodeEntry key={code} initialCode={code ?? ''} onCode={(typed) => setSearchParams({ code: typed })} />
        </Stack>
      </Paper>
      {code && <ScannedPrescriptionView key={code} code={code} />}
    </AdminPage>
  );
}

function CodeEntry({ initialCode, onCode }: { initialCode: string; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<CodeForm, unknown, z.output<typeof CodeFormSchema>>({
    resolver: zodFormResolver(CodeFormSchema),
    defaultValues: { code: initialCode },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ code }) => onCode(code))}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <FormTextField
        control={control}
        name="code"
        label={t('scanner.code')}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 16, autoCapitalize: 'characters', spellCheck: false } }}
        sx={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="outlined" startIcon={<Search />} sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}>
        {t('scanner.search')}
      </Button>
    </Box>
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
      {scanned.data.signatureValid
        ? <Alert severity="success">{t('scanner.signatureValid')}</Alert>
        : <Alert severity="error">{t('scanner.signatureInvalid')}</Alert>}
      {scope.includes('mark.prescription') && <DispensingPanel code={code} scanned={scanned.data} />}
      <DispensationsList code={code} scanned={scanned.data} />
      <PrescriptionContent prescription={scanned.data.prescription} />
    </Stack>
  );
}
