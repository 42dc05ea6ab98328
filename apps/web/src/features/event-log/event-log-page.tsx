import {
  addDays, EventLogExportQuerySchema, formatDisplayDateTime, todayInArgentina, type EventLogExportQuery,
  type EventLogVerification,
} from '@receta/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin-page.tsx';
import { FormDateField } from '../../components/form-date-field.tsx';
import { SummaryList } from '../../components/summary-list.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { exportEventLog, useVerifyEventLog } from './event-log-api.ts';

const verifyCommand = 'openssl cms -verify -inform DER -in registro.p7m -CAfile ca.pem -out registro.json';

/**
 * The event log as the superadmin answers the authority for it (Disp. DNSISA 1/2025): the
 * whole chain walked on demand, and any period exported signed by the platform.
 */
export function EventLogPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('eventLog.title')} lead={t('eventLog.lead')} maxWidth={900}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <VerificationSection />
        <ExportSection />
      </Box>
    </AdminPage>
  );
}

function Section({ id, title, lead, children }: { id: string; title: string; lead: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>{title}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{lead}</Typography>
      {children}
    </Paper>
  );
}

function VerificationSection() {
  const { t } = useTranslation();
  const verification = useVerifyEventLog();
  return (
    <Section id="event-log-verification" title={t('eventLog.verification.title')} lead={t('eventLog.verification.lead')}>
      <Button variant="contained" onClick={() => verification.mutate()} disabled={verification.isPending}>
        {t('eventLog.verification.verify')}
      </Button>
      {verification.isPending && <LinearProgress aria-label={t('eventLog.verification.verifying')} sx={{ mt: 2 }} />}
      {verification.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>{translateMessage(t, errorMessageOf(verification.error))}</Alert>
      )}
      {verification.isSuccess && <VerificationResult report={verification.data} />}
    </Section>
  );
}

function VerificationResult({ report }: { report: EventLogVerification }) {
  const { t } = useTranslation();
  const verifiedAt = { label: t('eventLog.verification.verifiedAt'), value: formatDisplayDateTime(report.verifiedAt) };
  const { firstBroken } = report;
  if (firstBroken === null) {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        <AlertTitle>{t('eventLog.verification.intact')}</AlertTitle>
        <SummaryList rows={[
          { label: t('eventLog.verification.checked'), value: report.checked },
          { label: t('eventLog.verification.lastSeq'), value: t('eventLog.verification.eventNumber', { seq: report.lastSeq }) },
          verifiedAt,
        ]}
        />
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      <AlertTitle>{t('eventLog.verification.broken')}</AlertTitle>
      <Typography sx={{ mb: 1.5 }}>{firstBroken.reason}</Typography>
      <SummaryList rows={[
        {
          label: t('eventLog.verification.firstBroken'),
          value: firstBroken.seq === null
            ? t('eventLog.verification.outsideChain')
            : t('eventLog.verification.eventNumber', { seq: firstBroken.seq }),
        },
        ...(firstBroken.at === null ? [] : [{ label: t('eventLog.verification.eventAt'), value: formatDisplayDateTime(firstBroken.at) }]),
        {
          label: t('eventLog.verification.checkedBeforeBreak'),
          value: t('eventLog.verification.checkedOf', { checked: report.checked, total: report.total }),
        },
        verifiedAt,
      ]}
      />
    </Alert>
  );
}

function defaultPeriod(): EventLogExportQuery {
  const today = todayInArgentina();
  return { from: addDays(today, -29), to: today };
}

function ExportSection() {
  const { t } = useTranslation();
  const form = useServerForm({
    schema: EventLogExportQuerySchema,
    defaultValues: defaultPeriod(),
    serverFields: { renamed: { 'querystring.from': 'from', 'querystring.to': 'to' } },
  });
  const { isSubmitting } = form.formState;
  return (
    <Section id="event-log-export" title={t('eventLog.export.title')} lead={t('eventLog.export.lead')}>
      <Box
        component="form"
        noValidate
        aria-labelledby="event-log-export"
        onSubmit={(event) => void form.submitWith(exportEventLog)(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
      >
        <FormDateField control={form.control} name="from" label={t('eventLog.export.from')} required />
        <FormDateField control={form.control} name="to" label={t('eventLog.export.to')} required />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 1 }}>
          {t('eventLog.export.submit')}
        </Button>
      </Box>
      {isSubmitting && <LinearProgress aria-label={t('eventLog.export.exporting')} sx={{ mt: 2 }} />}
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>{t('eventLog.export.howToVerify')}</Typography>
      <Typography sx={{ mb: 1 }}>{t('eventLog.export.howToVerifyText')}</Typography>
      <Box
        component="pre"
        // A command reads left to right in every language.
        dir="ltr"
        sx={{
          m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace', fontSize: '0.875rem',
          whiteSpace: 'pre-wrap',
        }}
      >
        <code>
          {/* On a phone the line wraps between options, never inside one: "-in" split at its hyphen misleads. */}
          {verifyCommand.split(/ (?=-)/).map((option, index) => (
            <Fragment key={option}>
              {index > 0 && ' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{option}</Box>
            </Fragment>
          ))}
        </code>
      </Box>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>{t('eventLog.export.howToVerifyNote')}</Typography>
    </Section>
  );
}
