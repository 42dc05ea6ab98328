import { z } from 'zod';
import { accountEmailSchema, emailSchema, SecondFactorSchema, typedPassword } from './accounts.ts';
import { ListQuerySchema, pageOf } from './api.ts';
import * as messages from './messages/index.ts';
import { nameText, stop, textLimits, withoutControls } from './schema-helpers.ts';

const invalid = messages.common.invalidData;

/**
 * The scopes an external app may ask for: the nine of spec section 3 and the two that give
 * every description of spec section 6 its scope (DECISIONS.md, "OAuth2").
 */
export const oauthScopes = [
  'accounts-profiles',
  'accounts-confirm',
  'documents-sign',
  'prescriptions-create',
  'medications-search',
  'diagnosis-search',
  'insurances-search',
  'patients-search',
  'prescriptions-search',
  'documents-search',
  'patients-update',
  'prescriptions-dispense',
] as const;
export type OAuthScope = (typeof oauthScopes)[number];

/**
 * The scopes a pharmacy system holds for itself, with the client-credentials grant, rather
 * than for a doctor who consented (docs/decisions/043).
 */
export const pharmacySystemScopes = ['prescriptions-dispense'] as const satisfies readonly OAuthScope[];

/** The scopes a doctor may grant an app: all but the pharmacy systems'. */
export const doctorAppScopes: readonly OAuthScope[] = oauthScopes
  .filter((scope) => !(pharmacySystemScopes as readonly OAuthScope[]).includes(scope));

const clinicalSearchDescription = 'Buscar medicamentos, diagnósticos y obras sociales en su nombre';

/** What each scope lets the app do, as the consent page and /myIntegrations show it (spec section 6). */
export const oauthScopeDescriptions: Record<OAuthScope, string> = {
  'accounts-profiles': 'Ver sus datos básicos de perfil (nombre, email, matrículas y estado de la cuenta)',
  'accounts-confirm': 'Solicitar su confirmación mediante PIN y código de doble factor',
  'documents-sign': 'Usar el firmador de documentos',
  'prescriptions-create': 'Usar el prescriptor',
  'prescriptions-search': 'Buscar prescripciones y PDF firmados',
  'medications-search': clinicalSearchDescription,
  'diagnosis-search': clinicalSearchDescription,
  'insurances-search': clinicalSearchDescription,
  'patients-search': 'Buscar pacientes',
  'documents-search': 'Buscar documentos firmados',
  'patients-update': 'Actualizar datos de pacientes',
  'prescriptions-dispense': 'Consultar y registrar dispensas de recetas (farmacias)',
};

/**
 * The scopes whose descriptions make the readable bullets of a set, in its order: scopes that
 * share a description (the three searches) are described once, by the first of them. The web
 * shows each one's description in the user's language (`labels.oauthScopes`).
 */
export function describedScopes(scopes: readonly OAuthScope[]): OAuthScope[] {
  const descriptions = scopes.map((scope) => oauthScopeDescriptions[scope]);
  return scopes.filter((scope, index) => descriptions.indexOf(oauthScopeDescriptions[scope]) === index);
}

/** A space-separated scope string (RFC 6749 section 3.3) of known scopes, without repeats. */
export const ScopeStringSchema = z.string({ error: invalid }).trim()
  .min(1, invalid)
  .max(textLimits.token, stop(invalid))
  .transform((value) => [...new Set(value.split(/\s+/))])
  .pipe(z.array(z.enum(oauthScopes, invalid)));

export const pkceMethods = ['S256'] as const;
/** A PKCE challenge: BASE64URL(SHA-256(verifier)), 43 characters (RFC 7636 section 4.2). */
export const codeChallenge = z.string({ error: invalid }).regex(/^[A-Za-z0-9_-]{43}$/, invalid);
/** A PKCE verifier: 43 to 128 unreserved characters (RFC 7636 section 4.1). */
export const codeVerifier = z.string({ error: invalid }).regex(/^[A-Za-z0-9._~-]{43,128}$/, invalid);

/**
 * A code, token, client id or URI another program sends, kept as sent: required, within 2000
 * characters and without control characters, all with the RFC's terse 'invalid' answer.
 */
function oauthValue(message: string = invalid) {
  return withoutControls(z.string({ error: message }).min(1, message).max(textLimits.token, message));
}
/** A code the provider issued (signed_in_code, pin_2fa_code, authorization or refresh token). */
export const oauthCode = oauthValue();

/** The state a client sends to be handed back exactly as sent. */
const oauthState = withoutControls(z.string().max(500, invalid)).optional();

export const pinActions = ['sign', 'prescribe'] as const;
export type PinAction = (typeof pinActions)[number];

/** `POST /oauth2/accounts/sign-in` (spec section 7). */
export const OAuthSignInSchema = z.object({
  email: accountEmailSchema(messages.login.emailMin, messages.login.emailInvalid),
  password: typedPassword,
  client_id: oauthValue(messages.oauthServer.invalidClientId),
  scope: ScopeStringSchema,
});
export type OAuthSignInInput = z.input<typeof OAuthSignInSchema>;
export const OAuthSignedInSchema = z.object({ data: z.object({ signed_in_code: z.string() }) });

/**
 * `POST /oauth2/accounts/sign-in/2fa` (DECISIONS.md, "OAuth2"): the authenticator's code, named
 * `token` as in `/api/auth/login/2fa`, for the signed_in_code of the password step. It answers
 * the signed_in_code the consent takes, in the shape of OAuthSignedInSchema.
 */
export const OAuthSignInSecondFactorSchema = z.object({
  signed_in_code: withoutControls(z.string({ error: messages.oauth.signInExpired })
    .min(1, messages.oauth.signInExpired)
    .max(200, messages.oauth.signInExpired)),
  token: SecondFactorSchema.shape.token,
});
export type OAuthSignInSecondFactorInput = z.input<typeof OAuthSignInSecondFactorSchema>;

/**
 * The app's registered redirect URIs (not secret): the pages send the browser back only to one
 * of these, so that a redirect_uri in the query nobody checked is never followed (RFC 9700
 * section 4.11).
 */
const clientRedirectUris = z.array(z.string());

/**
 * `GET /oauth2/accounts/redirect-uri?redirect_uri=…`: whether some app registered the address.
 * The sign-in and PIN pages answer an unknown client_id or a refused token there (spec section
 * 8) only when it is one, so that the product never redirects to an address nobody checked.
 */
export const OAuthRedirectUriQuerySchema = z.object({ redirect_uri: oauthValue() });
export const OAuthRedirectUriCheckSchema = z.object({ registered: z.boolean() });

/** `GET /oauth2/accounts/sign-in?signed_in_code=…`: what the consent page shows (spec section 3). */
export const OAuthConsentSchema = z.object({
  client_logo_uri: z.string().nullable(),
  client_name: z.string(),
  client_redirect_uri_label: z.string(),
  client_redirect_uris: clientRedirectUris,
  scopes: z.array(z.enum(oauthScopes)),
  user_first_name: z.string(),
  user_last_name: z.string(),
  user_email: z.string(),
  sandbox: z.boolean(),
});
export type OAuthConsent = z.infer<typeof OAuthConsentSchema>;

/** The query of `POST /oauth2/accounts/authorize` (spec section 3, "Authorize parameters"). */
export const OAuthAuthorizeQuerySchema = z.object({
  client_id: oauthValue(),
  signed_in_code: oauthCode,
  scope: ScopeStringSchema,
  response_type: z.literal('code', invalid),
  redirect_uri: oauthValue(),
  state: oauthState,
});
/** Its form-encoded body: PKCE with S256 only; `plain` is refused. */
export const OAuthAuthorizeBodySchema = z.object({
  code_challenge: codeChallenge,
  code_challenge_method: z.enum(pkceMethods, invalid),
});
export const OAuthAuthorizedSchema = z.object({ code: z.string(), state: z.string().optional() });

/** `POST /oauth2/accounts/token`, form-encoded (RFC 6749 sections 4.1.3, 4.4.2 and 6). */
export const OAuthTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: oauthCode,
    redirect_uri: oauthValue(),
    code_verifier: codeVerifier,
    client_id: oauthValue().optional(),
    client_secret: oauthValue().optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: oauthCode,
    scope: oauthValue().optional(),
    client_id: oauthValue().optional(),
    client_secret: oauthValue().optional(),
  }),
  z.object({
    grant_type: z.literal('client_credentials'),
    scope: oauthValue().optional(),
    client_id: oauthValue().optional(),
    client_secret: oauthValue().optional(),
  }),
]);
export const OAuthTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});
export type OAuthToken = z.infer<typeof OAuthTokenSchema>;
/** A client-credentials token: a signed JWT and no refresh token (RFC 6749 section 4.4.3). */
export const OAuthClientTokenSchema = OAuthTokenSchema.omit({ refresh_token: true });
export type OAuthClientToken = z.infer<typeof OAuthClientTokenSchema>;

/** The error codes of the token and revocation endpoints (RFC 6749 section 5.2, RFC 7009 section 2.2.1). */
export const oauthErrorCodes = [
  'invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type',
  'invalid_scope', 'unsupported_token_type',
] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];
/**
 * An error of the token and revocation endpoints: RFC 6749's `error` and `error_description`
 * (ASCII by that RFC, so in English) and the project's `message` with the same text.
 */
export const OAuthErrorSchema = z.object({
  error: z.enum(oauthErrorCodes),
  error_description: z.string(),
  message: z.string(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorSchema>;

/** `POST /oauth2/accounts/revoke`, form-encoded (RFC 7009 section 2.1). */
export const OAuthRevokeRequestSchema = z.object({
  token: oauthCode,
  token_type_hint: oauthValue().optional(),
  client_id: oauthValue().optional(),
  client_secret: oauthValue().optional(),
});

/** `GET /oauth2/accounts/token` with the bearer token: who and which app (spec section 7). */
export const OAuthTokenContextSchema = z.object({
  client_name: z.string(),
  client_redirect_uri_label: z.string(),
  client_redirect_uris: clientRedirectUris,
  user_email: z.string(),
  sandbox: z.boolean(),
});
export type OAuthTokenContext = z.infer<typeof OAuthTokenContextSchema>;

/** `POST /oauth2/accounts/pin-2fa`: the PIN of spec section 5, 'El PIN tiene 4 dígitos' both ways. */
export const OAuthPinSchema = z.object({
  pin: z.string({ error: messages.oauth.pinLength }).min(4, messages.oauth.pinLength).max(4, messages.oauth.pinLength),
  action: z.enum(pinActions, invalid),
  redirect_uri: oauthValue(),
  state: oauthState,
  code_challenge_method: z.enum(pkceMethods, invalid),
  code_challenge: codeChallenge,
  /** For action sign: the hexadecimal SHA-256 of the document, so that one approval cannot sign another file. */
  document_sha256: z.string().regex(/^[0-9a-f]{64}$/, invalid).optional(),
});
export type OAuthPinInput = z.input<typeof OAuthPinSchema>;
export const OAuthPinConfirmedSchema = z.object({
  pin_2fa_code: z.string(), action: z.enum(pinActions), state: z.string().optional(),
});

/** The text fields of `POST /oauth2/documents/signs` (multipart; the file is `file_content`). */
export const OAuthDocumentSignFieldsSchema = z.object({
  pin_2fa_code: oauthCode,
  code_verifier: codeVerifier,
});

/**
 * A redirect URI as registered: https, or http only on a loopback host (RFC 8252 section 7.3).
 * What is not a URL at all is not checked further (`abort`): new URL() would throw.
 */
export const redirectUri = registeredUrl(messages.oauth.redirectUriInvalid).refine((value) => {
  const url = new URL(value);
  if (url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}, messages.oauth.redirectUriInvalid);

/**
 * An address an administrator registers: within 2000 characters and without control characters
 * (which `new URL()` would quietly escape while the text kept them), then a URL.
 */
function registeredUrl(message: string) {
  return withoutControls(z.string({ error: message }).max(textLimits.token, stop(message)))
    .pipe(z.url({ error: message, abort: true }));
}

export const oauthClientKinds = ['confidential', 'public'] as const;

/**
 * Whether an app must be registered with redirect URIs: every app but a pharmacy system (one
 * with a pharmacy account), whose client-credentials grant redirects nowhere (decision 043).
 */
export function needsRedirectUris(pharmacyAccountEmail: string | null): boolean {
  return !pharmacyAccountEmail?.trim();
}

/**
 * The redirect URIs where `needsRedirectUris`, and the label that names where they lead there
 * and wherever a pharmacy system has some all the same.
 */
export function checkRedirectFields(
  client: { redirectUris: readonly string[]; redirectUriLabel: string; pharmacyAccountEmail: string | null },
  context: z.RefinementCtx,
): void {
  const required = messages.common.required;
  const isRedirectRequired = needsRedirectUris(client.pharmacyAccountEmail);
  if (client.redirectUris.length === 0 && isRedirectRequired) {
    context.addIssue({ code: 'custom', path: ['redirectUris'], message: required });
  }
  if (client.redirectUriLabel === '' && (client.redirectUris.length > 0 || isRedirectRequired)) {
    context.addIssue({ code: 'custom', path: ['redirectUriLabel'], message: required });
  }
}

/** `POST`/`PUT /api/oauth-clients`: an external app, registered by the superadmin. */
export const OAuthClientInputSchema = z.object({
  name: nameText(textLimits.name, invalid).min(1, messages.common.required),
  logoUri: registeredUrl(invalid).nullable().default(null),
  redirectUris: z.array(redirectUri, invalid).max(10, invalid).default([]),
  redirectUriLabel: nameText(textLimits.name, invalid).default(''),
  allowedScopes: z.array(z.enum(oauthScopes, invalid), invalid).min(1, messages.common.required),
  sandbox: z.boolean().default(false),
  kind: z.enum(oauthClientKinds, invalid).default('confidential'),
  /**
   * The email of the pharmacy account a pharmacy system dispenses for: only a client registered
   * with one may use the client-credentials grant (docs/decisions/043).
   */
  pharmacyAccountEmail: emailSchema(messages.login.emailMin, messages.login.emailInvalid)
    .nullable().default(null),
}).superRefine(checkRedirectFields);
export type OAuthClientInput = z.input<typeof OAuthClientInputSchema>;

export const OAuthClientSchema = z.object({
  id: z.string(),
  /** The public identifier an app sends as client_id. */
  clientId: z.string(),
  name: z.string(),
  logoUri: z.string().nullable(),
  redirectUris: z.array(z.string()),
  redirectUriLabel: z.string(),
  allowedScopes: z.array(z.enum(oauthScopes)),
  sandbox: z.boolean(),
  kind: z.enum(oauthClientKinds),
  /** Whether a confidential client has a secret yet (the demo client has none until one is generated). */
  hasSecret: z.boolean(),
  /** The pharmacy account a pharmacy system dispenses for; null for any other app. */
  pharmacyAccountEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type OAuthClient = z.infer<typeof OAuthClientSchema>;
export const OAuthClientPageSchema = pageOf(OAuthClientSchema);
export type OAuthClientPage = z.infer<typeof OAuthClientPageSchema>;

/** `GET /api/oauth-clients`: `q` searches every word in the name and the client_id. */
export const OAuthClientsQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt'], invalid).default('name'),
});
export type OAuthClientsQuery = z.input<typeof OAuthClientsQuerySchema>;
/** What creating a client (or rotating its secret) answers: the secret, shown this once. */
export const OAuthClientCreatedSchema = z.object({
  message: z.string(),
  client: OAuthClientSchema,
  clientSecret: z.string().nullable(),
});

/** `GET /api/integrations`: the apps the signed-in user authorised (/myIntegrations). */
export const IntegrationSchema = z.object({
  /** The app's public client_id; `DELETE /api/integrations/{clientId}` revokes its access. */
  clientId: z.string(),
  name: z.string(),
  logoUri: z.string().nullable(),
  sandbox: z.boolean(),
  scopes: z.array(z.enum(oauthScopes)),
  grantedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Integration = z.infer<typeof IntegrationSchema>;
export const IntegrationListSchema = z.array(IntegrationSchema);
