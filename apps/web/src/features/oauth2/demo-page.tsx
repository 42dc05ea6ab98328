import { limits, messages, type OAuthScope, type OAuthToken } from '@receta/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { FormTextField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../config/paths.ts';
import type { Translation } from '../../i18n/es.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { zodFormResolver } from '../../lib/form-resolver.ts';
import { saveFile } from '../../lib/protected-file.ts';
import { authorizationQuery } from './authorization-request.ts';
import { readDemoAnswer, type DemoAnswer } from './demo-answer.ts';
import { demoSessionStore, type DemoSession } from './demo-session.ts';
import { exchangeCode, signDocument } from './oauth-api.ts';
import { pendingDocumentStore } from './pending-document-store.ts';
import { createPkcePair, randomDigits, sha256Hex } from './pkce.ts';

/** Spec section 3, "Supported scopes (demo)". */
const demoScopes = [
  'accounts-profiles', 'accounts-confirm', 'documents-sign', 'prescriptions-create', 'medications-search',
  'diagnosis-search', 'insurances-search', 'patients-search', 'prescriptions-search',
] as const satisfies readonly OAuthScope[];

const DemoClientSchema = z.object({
  clientId: z.string().trim().min(1, messages.common.required),
  clientSecret: z.string().trim(),
});
type DemoClient = z.infer<typeof DemoClientSchema>;

type OutcomeKey = keyof Translation['oauth2']['demo']['outcomes'];
/** A message of the spec or the server (shown through translateMessage), or one of the demo's own texts. */
type OutcomeText = { spec: string } | { key: OutcomeKey };
const said = (message: string): OutcomeText => ({ spec: message });
const own = (key: OutcomeKey): OutcomeText => ({ key });

interface Outcome {
  severity: 'success' | 'info' | 'warning' | 'error';
  message: OutcomeText;
  /** Why, often in the server's own words, for the integrator reading the demo. */
  detail?: OutcomeText;
}

/** The demo is its own client: the product's pages send the browser back here. */
function demoRedirectUri(): string {
  return `${window.location.origin}${paths.oauthDemo.path}`;
}

/** `/oauth2/demo`: a test client that goes through the whole flow against this server (spec section 2). */
export function OAuthDemoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [answer] = useState(() => readDemoAnswer(search));
  const [session, setSession] = useState(demoSessionStore.get);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isCompleting, setIsCompleting] = useState(answer?.kind === 'code' || answer?.kind === 'pinConfirmed');
  const completedAnswer = useRef<DemoAnswer | null>(null);

  useEffect(() => {
    if (!answer || completedAnswer.current === answer) return;
    completedAnswer.current = answer;
    // The answer is read once: a reload must not spend the single-use code again.
    void navigate(paths.oauthDemo.getHref(), { replace: true });
    void completeFlowStep(answer, demoSessionStore.get()).then(({ session: next, outcome: result }) => {
      if (next !== undefined) {
        if (next) demoSessionStore.set(next);
        else demoSessionStore.clear();
        setSession(next);
      }
      setOutcome(result);
      setIsCompleting(false);
    });
  }, [answer, navigate]);

  function finishFlow() {
    demoSessionStore.clear();
    void pendingDocumentStore.clear().catch(() => undefined);
    setSession(null);
    setOutcome(null);
  }

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageTitle title={t('oauth2.demo.title')} />
      <Typography variant="h1" gutterBottom>{t('oauth2.demo.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{t('oauth2.demo.lead')}</Typography>
      {outcome && <OutcomeAlert outcome={outcome} />}
      <Stack spacing={3}>
        <ConnectSection session={session} isBusy={isCompleting} onFinish={finishFlow} />
        <SignSection
          session={session}
          isBusy={isCompleting}
          onFailure={(failure) => setOutcome(failure)}
        />
      </Stack>
    </Box>
  );
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const textOf = (text: OutcomeText) => ('spec' in text ? translateMessage(t, text.spec) : t(`oauth2.demo.outcomes.${text.key}`));
  return (
    <Alert severity={outcome.severity} sx={{ mb: 3 }}>
      <Box>{textOf(outcome.message)}</Box>
      {outcome.detail && <Box sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{textOf(outcome.detail)}</Box>}
    </Alert>
  );
}

/** What an answer of the product's pages leads to: the next session (undefined: unchanged) and what to tell. */
async function completeFlowStep(
  answer: DemoAnswer,
  session: DemoSession | null,
): Promise<{ session?: DemoSession | null; outcome: Outcome }> {
  switch (answer.kind) {
    case 'authFailed':
      return {
        outcome: answer.error === 'invalid_client_id'
          ? { severity: 'error', message: said(messages.oauth.invalidClientId) }
          : { severity: 'error', message: own('authFailed'), detail: said(answer.error) },
      };
    case 'authRejected':
      return {
        outcome: answer.error === 'cancel_authorize'
          ? { severity: 'warning', message: own('authCancelled') }
          : { severity: 'warning', message: own('authRejected'), detail: said(answer.error) },
      };
    case 'pinFailed':
      return {
        session: session && { ...session, signing: undefined },
        outcome: answer.error === 'account_rejected_confirmation'
          ? { severity: 'warning', message: own('pinCancelled') }
          : { severity: 'error', message: own('pinFailed'), detail: said(answer.error) },
      };
    case 'code':
      return exchangeForToken(answer, session);
    case 'pinConfirmed':
      return signPendingDocument(answer, session);
  }
}

/** Back from the consent with a code: the token exchange, checking first that the state is the one sent. */
async function exchangeForToken(
  answer: Extract<DemoAnswer, { kind: 'code' }>,
  session: DemoSession | null,
): Promise<{ session?: DemoSession | null; outcome: Outcome }> {
  const pending = session?.authorization;
  if (!session || !pending || pending.state !== answer.state) {
    return { outcome: { severity: 'error', message: said(messages.demo.tokenFailure), detail: own('stateMismatch') } };
  }
  try {
    const token = await exchangeCode({
      code: answer.code,
      redirect_uri: demoRedirectUri(),
      code_verifier: pending.codeVerifier,
      client_id: session.clientId,
      client_secret: session.clientSecret,
    });
    return { session: { clientId: session.clientId, token }, outcome: { severity: 'success', message: own('connected') } };
  } catch (error) {
    return {
      session: { clientId: session.clientId },
      outcome: { severity: 'error', message: said(messages.demo.tokenFailure), detail: said(errorMessageOf(error)) },
    };
  }
}

/** Back from the PIN step with a pin_2fa_code: the document is sent to be signed and the signed PDF downloaded. */
async function signPendingDocument(
  answer: Extract<DemoAnswer, { kind: 'pinConfirmed' }>,
  session: DemoSession | null,
): Promise<{ session?: DemoSession | null; outcome: Outcome }> {
  const signing = session?.signing;
  const failure = (detail: OutcomeText) => ({
    session: session && { ...session, signing: undefined },
    outcome: { severity: 'error', message: said(messages.demo.signFailure), detail } satisfies Outcome,
  });
  if (!session?.token || !signing || signing.state !== answer.state) return failure(own('stateMismatch'));
  try {
    const file = await pendingDocumentStore.load();
    if (!file) return failure(own('documentLost'));
    const signed = await signDocument(session.token.access_token, {
      file,
      pin2faCode: answer.pin2faCode,
      codeVerifier: signing.codeVerifier,
    });
    saveFile(signed, signedFileName(file.name));
    await pendingDocumentStore.clear();
    return {
      session: { ...session, signing: undefined },
      outcome: { severity: 'success', message: own('signed') },
    };
  } catch (error) {
    return failure(said(errorMessageOf(error)));
  }
}

function signedFileName(name: string): string {
  return `${name.replace(/\.pdf$/i, '')}-firmado.pdf`;
}

function ConnectSection({ session, isBusy, onFinish }: {
  session: DemoSession | null;
  isBusy: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const { control, handleSubmit, formState } = useForm<DemoClient>({
    resolver: zodFormResolver(DemoClientSchema),
    defaultValues: { clientId: session?.clientId ?? '', clientSecret: '' },
    mode: 'onTouched',
  });

  /** The start of the flow, as any app does it: PKCE (S256) and a state of 16 digits (spec section 9). */
  async function connect({ clientId, clientSecret }: DemoClient) {
    const pkce = await createPkcePair();
    const state = randomDigits(limits.demoStateDigits);
    demoSessionStore.set({
      clientId,
      clientSecret: clientSecret || undefined,
      authorization: { state, codeVerifier: pkce.verifier },
    });
    await navigate(`${paths.oauthSignIn.getHref()}${authorizationQuery({
      client_id: clientId,
      scope: demoScopes.join(' '),
      redirect_uri: demoRedirectUri(),
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      response_type: 'code',
    })}`);
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" gutterBottom>{t('oauth2.demo.connectTitle')}</Typography>
      {session?.token
        ? (
            <>
              <TokenData token={session.token} clientId={session.clientId} />
              <Button variant="outlined" onClick={onFinish} sx={{ mt: 2 }}>{t('oauth2.demo.finish')}</Button>
            </>
          )
        : (
            <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void handleSubmit(connect)(event)}>
              <Typography variant="body2" color="text.secondary">{t('oauth2.demo.connectLead')}</Typography>
              <FormTextField
                control={control}
                name="clientId"
                label={t('oauth2.demo.clientId')}
                required
                autoComplete="off"
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
              <PasswordField control={control} name="clientSecret" label={t('oauth2.demo.clientSecret')} autoComplete="off" />
              <Button
                type="submit"
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                disabled={isBusy}
                loading={formState.isSubmitting || isBusy}
              >
                {t('oauth2.demo.connect')}
              </Button>
            </Stack>
          )}
    </Paper>
  );
}

/** Spec section 2: a display of the token data. */
function TokenData({ token, clientId }: { token: OAuthToken; clientId: string }) {
  const { t } = useTranslation();
  const rows = [
    [t('oauth2.demo.clientId'), clientId],
    ['access_token', token.access_token],
    ['token_type', token.token_type],
    ['expires_in', t('oauth2.demo.seconds', { count: token.expires_in })],
    ['refresh_token', token.refresh_token],
    ['scope', token.scope],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label={t('oauth2.demo.tokenData')}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>{label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function SignSection({ session, isBusy, onFailure }: {
  session: DemoSession | null;
  isBusy: boolean;
  onFailure: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const token = session?.token;

  async function choose(chosen: File) {
    const problem = await pdfProblemOf(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  }

  /** The document's hash goes to the PIN step, which binds the approval to this very file (DECISIONS.md). */
  async function sign() {
    if (!file || !token || !session) return;
    setIsStarting(true);
    try {
      const [documentSha256, pkce] = await Promise.all([sha256Hex(await file.arrayBuffer()), createPkcePair()]);
      await pendingDocumentStore.save(file);
      const state = randomDigits(limits.demoStateDigits);
      demoSessionStore.set({ ...session, signing: { state, codeVerifier: pkce.verifier, documentName: file.name } });
      const query = new URLSearchParams({
        action: 'sign',
        access_token: token.access_token,
        redirect_uri: demoRedirectUri(),
        state,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        document_sha256: documentSha256,
        document_name: file.name,
        document_size: String(file.size),
      });
      await navigate(`${paths.oauthPin.getHref()}?${query.toString()}`);
    } catch {
      setIsStarting(false);
      onFailure({ severity: 'error', message: said(messages.demo.signFailure) });
    }
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" gutterBottom>{t('oauth2.demo.signTitle')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {token ? t('oauth2.demo.signLead') : t('oauth2.demo.signNeedsToken')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <FileChooserButton
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={!token || isBusy || isStarting}
          accept="application/pdf,.pdf"
          inputName="file_content"
          onFile={(chosen) => void choose(chosen)}
        >
          {t('oauth2.demo.upload')}
        </FileChooserButton>
        {file && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>}
      </Box>
      {fileError && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>{translateMessage(t, fileError)}</Typography>
      )}
      <Divider sx={{ my: 2 }} />
      <Button variant="contained" disabled={!file || !token || isBusy} loading={isStarting} onClick={() => void sign()}>
        {t('oauth2.demo.sign')}
      </Button>
    </Paper>
  );
}

/** Spec section 5: PDF only, told by its content (the %PDF- header) rather than its name; at most 5 MB. */
async function pdfProblemOf(file: File): Promise<string | null> {
  if (file.size > limits.uploadMaxBytes) return messages.oauth.pdfTooLarge;
  const header = new TextDecoder('latin1').decode(await file.slice(0, 5).arrayBuffer());
  return header === '%PDF-' ? null : messages.oauth.notAPdf;
}
