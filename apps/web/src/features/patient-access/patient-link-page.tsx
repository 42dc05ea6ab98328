import { formatDisplayDate, messages, type PatientLink } from '@receta/domain';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageCard } from '../../components/page-card.tsx';
import { visuallyHiddenSx } from '../../components/visually-hidden.tsx';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { ItemReferenceList } from '../../components/item-references.tsx';
import { PrescriptionStateChip } from '../../components/prescription-state-chip.tsx';
import { PriceFinderLink } from '../../components/price-finder-link.tsx';
import { LegalLabel } from '../../components/legal-label.tsx';
import { SummaryList } from '../../components/summary-list.tsx';
import { fetchPrescriptionPdf, useAcceptPatientLink, usePatientLink } from './patient-link-api.ts';
import { saveFile } from '../../lib/protected-file.ts';

/**
 * `/p/:token`, the link mailed or texted to the patient: accept the terms once, then download.
 * A cancelled prescription says so and offers nothing to take to a pharmacy.
 */
export function PatientLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = usePatientLink(token);

  if (link.isPending) {
    return <Box sx={{ display: 'flex', justifyContent: 'center' }}><CircularProgress aria-label={t('patientLink.loading')} /></Box>;
  }
  if (link.isError) {
    return (
      <Alert severity="error" sx={{ maxWidth: 560, mx: 'auto' }}>
        {translateMessage(t, loadErrorMessage(link.error, messages.patientLinks.invalid))}
      </Alert>
    );
  }
  const { prescriber } = link.data;
  const isCancelled = link.data.state === 'cancelled';
  return (
    <PageCard title={t('patientLink.title', { number: link.data.number })} lead={t('patientLink.greeting', { name: link.data.patientName })} maxWidth={560}>
      {isCancelled && (
        <Alert severity="error" variant="filled" sx={{ mb: 3 }}>
          <AlertTitle>{t('patientLink.cancelledTitle')}</AlertTitle>
          {t('patientLink.cancelledDetail')}
          {link.data.cancellationReason && (
            <Box sx={{ mt: 0.5 }}>{t('patientLink.cancellationReason', { reason: link.data.cancellationReason })}</Box>
          )}
        </Alert>
      )}
      <SummaryList
        rows={[
          { label: t('verification.fields.state'), value: <PrescriptionStateChip state={link.data.state} /> },
          { label: t('verification.fields.prescriber'), value: `${prescriber.name} ${prescriber.lastName}` },
          { label: t('verification.fields.licence'), value: `${t(`labels.licenceTypes.${prescriber.licenceType}`)} ${prescriber.enrollment}` },
          { label: t('verification.fields.issuedOn'), value: formatDisplayDate(link.data.issuedOn) },
          { label: t('verification.fields.startDate'), value: formatDisplayDate(link.data.startDate) },
          { label: t('verification.fields.expiryDate'), value: formatDisplayDate(link.data.expiryDate) },
        ]}
      />
      <Typography component="h2" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 500 }}>{t('patientLink.items')}</Typography>
      <ItemReferenceList items={link.data.items} />
      <Box sx={{ mt: 2 }}>
        <PriceFinderLink />
      </Box>
      {!isCancelled && (
        <Box sx={{ mt: 3 }}>
          {link.data.termsAccepted ? <PdfDownload token={token} link={link.data} /> : <TermsAcceptance token={token} />}
        </Box>
      )}
    </PageCard>
  );
}

function TermsAcceptance({ token }: { token: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const accept = useAcceptPatientLink(token);
  const [accepted, setAccepted] = useState({ terms: false, privacy: false });
  const [isMissing, setIsMissing] = useState(false);

  const toggle = (document: keyof typeof accepted) => (_event: unknown, checked: boolean) => {
    setAccepted({ ...accepted, [document]: checked });
  };

  function submit() {
    if (!accepted.terms || !accepted.privacy) {
      setIsMissing(true);
      return;
    }
    accept.mutate(undefined, { onError: (error) => notify({ message: errorMessageOf(error), variant: 'error' }) });
  }

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={visuallyHiddenSx}>{t('patientLink.legend')}</Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{translateMessage(t, messages.patientLinks.termsRequired)}</Typography>
      <Stack>
        <FormControlLabel
          label={<LegalLabel prefix={t('registration.legal.acceptTerms')} to={paths.termsAndConditions.getHref()} text={t('legal.termsTitle')} />}
          control={<Checkbox checked={accepted.terms} onChange={toggle('terms')} />}
        />
        <FormControlLabel
          label={<LegalLabel prefix={t('registration.legal.acceptPrivacy')} to={paths.privacyPolicy.getHref()} text={t('legal.privacyTitle')} />}
          control={<Checkbox checked={accepted.privacy} onChange={toggle('privacy')} />}
        />
      </Stack>
      {isMissing && (!accepted.terms || !accepted.privacy) && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {translateMessage(t, messages.patientLinks.termsRequired)}
        </Typography>
      )}
      <Button variant="contained" onClick={submit} loading={accept.isPending} sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}>
        {t('patientLink.accept')}
      </Button>
    </Box>
  );
}

function PdfDownload({ token, link }: { token: string; link: PatientLink }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [isFetching, setIsFetching] = useState(false);

  async function download() {
    setIsFetching(true);
    try {
      saveFile(await fetchPrescriptionPdf(token), `receta-${link.number}.pdf`);
    } catch (error) {
      notify({ message: error instanceof Error ? error.message : messages.common.tryLater, variant: 'error' });
    } finally {
      setIsFetching(false);
    }
  }

  return (
    <>
      <Button
        variant="contained"
        startIcon={<Download />}
        loading={isFetching}
        onClick={() => void download()}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {t('patientLink.download')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>{t('patientLink.downloadHint')}</Typography>
    </>
  );
}
