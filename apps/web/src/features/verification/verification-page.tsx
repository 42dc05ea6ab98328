import {
  formatDisplayDate, messages, type Verification,
} from '@receta/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError, errorMessageOf } from '../../lib/api-client.ts';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
import { SummaryList } from '../../components/summary-list.tsx';
import { useVerification } from './verification-api.ts';

/** `/verify/:code`, the page the printed QR code opens: no login, nothing of the patient. */
export function VerificationPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const verification = useVerification(code);

  if (verification.isPending) {
    return <Box sx={{ display: 'flex', justifyContent: 'center' }}><CircularProgress aria-label={t('verification.checking')} /></Box>;
  }
  if (verification.isError) {
    return (
      <Alert severity="error" sx={{ maxWidth: 640, mx: 'auto' }}>
        {translateMessage(t, verificationErrorOf(verification.error))}
      </Alert>
    );
  }
  return <VerificationCard verification={verification.data} />;
}

function verificationErrorOf(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) return messages.dispensing.notFound;
  if (error instanceof ApiRequestError && error.status === 400) return messages.dispensing.codeInvalid;
  return errorMessageOf(error);
}

function VerificationCard({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const { prescriber } = verification;
  return (
    <PageCard title={t('verification.title', { number: verification.number })} maxWidth={640}>
      {verification.genuine
        ? (
            <Alert severity="success" sx={{ mb: 3 }}>
              <AlertTitle>{t('verification.genuine')}</AlertTitle>
              {t('verification.genuineDetail')}
            </Alert>
          )
        : (
            <Alert severity="warning" sx={{ mb: 3 }}>
              <AlertTitle>{t('verification.notGenuine')}</AlertTitle>
              {t('verification.notGenuineDetail')}
            </Alert>
          )}
      <SummaryList
        rows={[
          { label: t('verification.fields.state'), value: <PrescriptionStateChip state={verification.state} /> },
          { label: t('verification.fields.number'), value: String(verification.number) },
          { label: t('verification.fields.type'), value: t(`labels.prescriptionTypes.${verification.type}`) },
          {
            label: t('verification.fields.series'),
            value: t('prescriptions.series', { position: verification.seriesPosition, length: verification.seriesLength }),
          },
          { label: t('verification.fields.issuedOn'), value: formatDisplayDate(verification.issuedOn) },
          { label: t('verification.fields.startDate'), value: formatDisplayDate(verification.startDate) },
          { label: t('verification.fields.expiryDate'), value: formatDisplayDate(verification.expiryDate) },
          ...(verification.signedAt ? [{ label: t('verification.fields.signedAt'), value: formatDisplayDate(verification.signedAt) }] : []),
          { label: t('verification.fields.prescriber'), value: `${prescriber.name} ${prescriber.lastName}` },
          {
            label: t('verification.fields.licence'),
            value: `${t(`labels.licenceTypes.${prescriber.licenceType}`)} ${prescriber.enrollment} · ${prescriber.jurisdiction}`,
          },
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('verification.privacy')}
      </Typography>
    </PageCard>
  );
}
