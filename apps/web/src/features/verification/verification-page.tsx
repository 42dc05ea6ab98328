import {
  formatDisplayDate, messages, type Verification,
} from '@receta/domain';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ItemReferenceList } from '../../components/item-references.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { PrescriptionLookupForm } from '../../components/prescription-lookup-form.tsx';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
import { PriceFinderLink } from '../../components/price-finder-link.tsx';
import { SummaryList, type SummaryRow } from '../../components/summary-list.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { ApiRequestError, errorMessageOf } from '../../lib/api-client.ts';
import { PdfReaderTrust } from './pdf-reader-trust.tsx';
import { useVerification } from './verification-api.ts';

/**
 * `/verify/:code`, the page the printed QR code opens, and where a typed code or CUIR leads:
 * no login, nothing of the patient.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const verification = useVerification(code);

  if (verification.isPending) {
    return <Box sx={{ display: 'flex', justifyContent: 'center' }}><CircularProgress aria-label={t('verification.checking')} /></Box>;
  }
  if (verification.isError) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert severity="error">{translateMessage(t, verificationErrorOf(verification.error))}</Alert>
        <LookupCard />
      </Stack>
    );
  }
  return <VerificationCard verification={verification.data} />;
}

/** `/verify`: a guest types the code under a prescription's QR code, or one of its CUIRs. */
export function VerificationSearchPage() {
  return <LookupCard />;
}

function LookupCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageCard title={t('verification.search.title')} lead={t('verification.search.lead')} maxWidth={640}>
      <PrescriptionLookupForm
        label={t('verification.search.code')}
        submitLabel={t('verification.search.submit')}
        onLookup={(lookup) => void navigate(paths.verification.getHref(lookup))}
      />
      <PdfReaderTrust />
    </PageCard>
  );
}

function verificationErrorOf(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) return messages.dispensing.notFound;
  if (error instanceof ApiRequestError && error.status === 400) return messages.dispensing.codeInvalid;
  return errorMessageOf(error);
}

function prescriberRows(t: TFunction, prescriber: Verification['prescriber']): SummaryRow[] {
  if (!prescriber) return [];
  return [
    { label: t('verification.fields.prescriber'), value: `${prescriber.name} ${prescriber.lastName}` },
    {
      label: t('verification.fields.licence'),
      value: `${t(`labels.licenceTypes.${prescriber.licenceType}`)} ${prescriber.enrollment} · ${prescriber.jurisdiction}`,
    },
  ];
}

/** The states a pharmacy must not dispense in, or not yet, each with the banner that leads the page. */
/** Receta Única or Crónica, and its place in the series: what only a prescription of medicines has. */
function medicineTypeRows(t: TFunction, verification: Verification): SummaryRow[] {
  return [
    { label: t('verification.fields.type'), value: t(`labels.prescriptionTypes.${verification.type}`) },
    {
      label: t('verification.fields.series'),
      value: t('prescriptions.series', { position: verification.seriesPosition, length: verification.seriesLength }),
    },
  ];
}

type BannerState = 'cancelled' | 'expired' | 'dispensed' | 'pending' | 'partially_dispensed';
const stateBanners: Record<BannerState, { severity: AlertColor; date?: 'startDate' | 'expiryDate' }> = {
  cancelled: { severity: 'error' },
  expired: { severity: 'error', date: 'expiryDate' },
  dispensed: { severity: 'error' },
  pending: { severity: 'warning', date: 'startDate' },
  partially_dispensed: { severity: 'info', date: 'expiryDate' },
};

function isBannerState(state: Verification['state']): state is BannerState {
  return state in stateBanners;
}

/**
 * The state first, in red when it cannot be dispensed: a cancelled prescription's signature is
 * still genuine, and a green "Receta auténtica" above it would read as "dispense it".
 */
function StateBanner({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const { state } = verification;
  if (!isBannerState(state)) return null;
  const banner = stateBanners[state];
  const date = banner.date ? formatDisplayDate(verification[banner.date]) : '';
  return (
    <Alert severity={banner.severity} variant="filled" sx={{ mb: 2 }}>
      <AlertTitle>{t(`verification.states.${state}.title`)}</AlertTitle>
      {t(`verification.states.${state}.detail`, { date })}
      {verification.cancellationReason && (
        <Box sx={{ mt: 0.5 }}>{t('verification.cancellationReason', { reason: verification.cancellationReason })}</Box>
      )}
    </Alert>
  );
}

/** Green only for a genuine prescription that can be dispensed; a neutral line for the others. */
function SignatureBanner({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  if (!verification.genuine) {
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle>{t('verification.notGenuine')}</AlertTitle>
        {t('verification.notGenuineDetail')}
      </Alert>
    );
  }
  if (verification.state === 'valid' || verification.state === 'partially_dispensed') {
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        <AlertTitle>{t('verification.genuine')}</AlertTitle>
        {t('verification.genuineDetail')}
      </Alert>
    );
  }
  return <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>{t('verification.genuineDetail')}</Typography>;
}

function VerificationCard({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  return (
    <PageCard title={t('verification.title', { number: verification.number })} maxWidth={640}>
      <StateBanner verification={verification} />
      <SignatureBanner verification={verification} />
      {verification.foundBy === 'cuir' && <Alert severity="info" sx={{ mb: 3 }}>{t('verification.cuirOnly')}</Alert>}
      <SummaryList
        rows={[
          { label: t('verification.fields.state'), value: <PrescriptionStateChip state={verification.state} /> },
          { label: t('verification.fields.number'), value: String(verification.number) },
          { label: t('verification.fields.kind'), value: t(`labels.prescriptionKinds.${verification.kind}`) },
          ...verification.kind === 'medication' ? medicineTypeRows(t, verification) : [],
          { label: t('verification.fields.issuedOn'), value: formatDisplayDate(verification.issuedOn) },
          { label: t('verification.fields.startDate'), value: formatDisplayDate(verification.startDate) },
          { label: t('verification.fields.expiryDate'), value: formatDisplayDate(verification.expiryDate) },
          ...(verification.signedAt ? [{ label: t('verification.fields.signedAt'), value: formatDisplayDate(verification.signedAt) }] : []),
          ...prescriberRows(t, verification.prescriber),
        ]}
      />
      <Typography component="h2" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 500 }}>{t('verification.items')}</Typography>
      <ItemReferenceList items={verification.items} />
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        {verification.kind === 'medication' && <PriceFinderLink />}
        <Typography variant="body2" color="text.secondary">{t('verification.privacy')}</Typography>
        <Link component={RouterLink} to={paths.verificationSearch.getHref()} variant="body2">{t('verification.search.again')}</Link>
      </Stack>
      <PdfReaderTrust />
    </PageCard>
  );
}
