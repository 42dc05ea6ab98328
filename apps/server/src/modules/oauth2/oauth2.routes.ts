import {
  messages, OAuthAuthorizeBodySchema, OAuthAuthorizedSchema, OAuthAuthorizeQuerySchema, OAuthConsentSchema,
  OAuthClientTokenSchema, OAuthErrorSchema, OAuthPinConfirmedSchema, OAuthPinSchema, OAuthRevokeRequestSchema,
  OAuthRedirectUriCheckSchema, OAuthRedirectUriQuerySchema, OAuthSignedInSchema, OAuthSignInSchema,
  OAuthSignInSecondFactorSchema, OAuthTokenContextSchema, OAuthTokenRequestSchema, OAuthTokenSchema, withoutControls,
} from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AttemptPolicy } from '../../platform/attempt-limiter.ts';
import { auditActorOf, type AuditActor } from '../../platform/audit.ts';
import { currentOAuthCaller } from '../../platform/auth/access-control.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { clientOf } from '../../platform/http/request-actors.ts';
import { authorizeApp } from './authorization.service.ts';
import { authenticateClient, readClientCredentials } from './client-authentication.ts';
import { issuePharmacySystemToken } from './client-credentials.service.ts';
import { acceptFormBodies } from './form-body.ts';
import { answerOAuthError } from './oauth-errors.ts';
import { isRedirectUriOfSomeClient } from './oauth2.repository.ts';
import { confirmWithPin } from './pin.service.ts';
import { confirmSignInForApp, showConsent, signInForApp } from './sign-in.service.ts';
import { exchangeToken, revokeTokenOfClient } from './token.service.ts';

const tags = ['oauth2'];
const formOrJson = ['application/x-www-form-urlencoded', 'application/json'];
const oauthErrorAnswers = { 400: OAuthErrorSchema, 401: OAuthErrorSchema };

const SignedInCodeQuerySchema = z.object({
  signed_in_code: withoutControls(z.string({ error: messages.oauth.signInExpired })
    .min(1, messages.oauth.signInExpired)
    .max(200, messages.oauth.signInExpired)),
});

/**
 * The redirect-URI check, per address: a page asks once per failed sign-in or refused token, so
 * this only keeps anyone from testing addresses in bulk.
 */
const redirectUriChecksPerAddress: AttemptPolicy = {
  name: 'oauth-redirect-uri-address', maxAttempts: 60, windowMs: 10 * 60_000, lockMs: 10 * 60_000,
};

/** The OAuth2 routes act for the user of the code or token, not for a web session. */
function actorOf(request: FastifyRequest, userId: string | null = null): AuditActor {
  return { ...auditActorOf(request), actorUserId: userId };
}

/**
 * The OAuth2 provider of spec section 7 (authorization code with PKCE S256): the doctor's
 * sign-in and consent, the token endpoint, the token's context, the PIN step and RFC 7009
 * revocation. Paths start with /oauth2, so this plugin is registered without a prefix.
 */
export const oauth2Routes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const signInServices = { db: app.db, attempts: app.attempts, passwordMaxAgeDays: app.config.passwordMaxAgeDays };

  app.post('/oauth2/accounts/sign-in', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Ingreso del médico para una aplicación externa, paso 1: email y contraseña; devuelve el signed_in_code',
      description: 'Valida client_id y que los alcances pedidos estén permitidos a la aplicación. Comparte los bloqueos por '
        + 'intentos fallidos del ingreso web. Errores: "Invalid client_id" (400), "Wrong email and password" (401), '
        + '"Unauthorized user" (403: cuenta no aprobada o sin permisos de médico), 403 si la cuenta todavía no configuró '
        + 'su aplicación de autenticación, y 403 con errorCode passwordExpired si la contraseña venció '
        + '(PASSWORD_MAX_AGE_DAYS): se cambia ingresando a la plataforma. '
        + 'El código vale 5 minutos y solo para el paso 2 (POST /oauth2/accounts/sign-in/2fa).',
      body: OAuthSignInSchema,
      response: { 200: OAuthSignedInSchema, ...errorAnswers(400, 401, 403, 429) },
    },
  }, async (request) => ({
    data: { signed_in_code: await signInForApp(signInServices, request.body, clientOf(request)) },
  }));

  app.post('/oauth2/accounts/sign-in/2fa', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Ingreso del médico para una aplicación externa, paso 2: código de la aplicación de autenticación',
      description: 'Con el signed_in_code del paso 1 y el código de 6 dígitos (token, como en /api/auth/login/2fa). '
        + 'Comparte los bloqueos por códigos incorrectos del ingreso web. Gasta el código del paso 1 y devuelve el '
        + 'signed_in_code de la pantalla de consentimiento, que vale 10 minutos y una sola vez. Un signed_in_code '
        + 'desconocido, vencido o ya usado responde 400; un código incorrecto, 401.',
      body: OAuthSignInSecondFactorSchema,
      response: { 200: OAuthSignedInSchema, ...errorAnswers(400, 401, 403, 429) },
    },
  }, async (request) => ({
    data: { signed_in_code: await confirmSignInForApp(app, request.body, clientOf(request), actorOf(request)) },
  }));

  app.get('/oauth2/accounts/sign-in', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Datos de la pantalla de consentimiento para un signed_in_code vigente',
      description: 'Aplicación (nombre, logo, etiqueta y URIs de redirección registradas, sandbox), usuario y alcances '
        + 'pedidos. Un código vencido, usado, desconocido o todavía sin el segundo factor responde 400 y la página vuelve '
        + 'al ingreso.',
      querystring: SignedInCodeQuerySchema,
      response: { 200: OAuthConsentSchema, ...errorAnswers(400) },
    },
  }, (request) => showConsent(app.db, request.query.signed_in_code));

  app.get('/oauth2/accounts/redirect-uri', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Dice si alguna aplicación registró una URI de redirección',
      description: 'La usan las páginas de ingreso y del PIN cuando no hay aplicación que diga sus URIs (client_id '
        + 'desconocido, token rechazado): solo entonces devuelven el error a esa dirección (auth=failed&error='
        + 'invalid_client_id, confirm=failed&error=invalid_access_token); si nadie la registró, lo explican en la página. '
        + 'Compara carácter por carácter, como /oauth2/accounts/authorize.',
      querystring: OAuthRedirectUriQuerySchema,
      response: { 200: OAuthRedirectUriCheckSchema, ...errorAnswers(400, 429) },
    },
  }, async (request) => {
    await app.attempts.reserve([[redirectUriChecksPerAddress, request.ip]]);
    return { registered: await isRedirectUriOfSomeClient(app.db, request.query.redirect_uri) };
  });

  app.post('/oauth2/accounts/authorize', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Consentimiento del usuario: devuelve el código de autorización y el state',
      description: 'Comprueba la aplicación, que redirect_uri sea exactamente una de las registradas, que el alcance no '
        + 'supere ni lo permitido a la aplicación ni lo pedido en el ingreso, y el signed_in_code, que se gasta. PKCE solo '
        + 'S256. El código de autorización vale 60 segundos y una sola vez.',
      consumes: formOrJson,
      querystring: OAuthAuthorizeQuerySchema,
      body: OAuthAuthorizeBodySchema,
      response: { 200: OAuthAuthorizedSchema, ...errorAnswers(400) },
    },
  }, (request) => authorizeApp(app.db, { ...request.query, ...request.body }, actorOf(request)));

  app.post('/oauth2/accounts/token', {
    config: { access: 'public' },
    errorHandler: answerOAuthError,
    schema: {
      tags,
      summary: 'Endpoint de token (RFC 6749): canjea el código de autorización con PKCE, renueva con el refresh token o '
        + 'emite el token de un sistema de farmacia (client_credentials)',
      description: 'Las aplicaciones confidenciales se autentican con HTTP Basic o client_secret_post; las públicas envían '
        + 'solo client_id. Cada refresh token sirve una vez: reusarlo revoca todos los tokens de la autorización, igual '
        + 'que un código canjeado dos veces. Los errores siguen RFC 6749 sección 5.2 (error, error_description) y '
        + 'agregan message.\n\n'
        + 'Un sistema de farmacia (registrado por el superadministrador con una cuenta de farmacia) pide con '
        + 'grant_type=client_credentials y scope=prescriptions-dispense un JWT firmado RS512 que vale 5 minutos, sin '
        + 'refresh token; otra aplicación recibe unauthorized_client. Ejemplo:\n\n'
        + '```\ncurl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials -d scope=prescriptions-dispense \\\n'
        + '  https://receta.example/oauth2/accounts/token\n```\n\n'
        + 'responde `{"access_token":"eyJ…","token_type":"Bearer","expires_in":300,"scope":"prescriptions-dispense"}`.',
      consumes: formOrJson,
      body: OAuthTokenRequestSchema,
      response: { 200: z.union([OAuthTokenSchema, OAuthClientTokenSchema]), ...oauthErrorAnswers },
    },
  }, async (request, reply) => {
    const client = await authenticateClient(app.db, readClientCredentials(request, request.body));
    const token = request.body.grant_type === 'client_credentials'
      ? await issuePharmacySystemToken(app.db, app.pharmacySystemTokens, client, request.body)
      : await exchangeToken(app.db, client, request.body);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(token);
  });

  app.get('/oauth2/accounts/token', {
    config: { access: { oauthScopes: [] } },
    schema: {
      tags,
      summary: 'Contexto del access token: aplicación y usuario',
      description: 'Lo usa la página del PIN para mostrar quién pide la confirmación y a qué URIs registradas puede volver. '
        + 'Un token vencido o revocado responde 401.',
      security: [{ oauth2: [] }],
      response: { 200: OAuthTokenContextSchema, ...errorAnswers(401) },
    },
  }, (request) => {
    const caller = currentOAuthCaller(request);
    return {
      client_name: caller.clientName,
      client_redirect_uri_label: caller.clientRedirectUriLabel,
      client_redirect_uris: caller.clientRedirectUris,
      user_email: caller.userEmail,
      sandbox: caller.sandbox,
    };
  });

  app.post('/oauth2/accounts/pin-2fa', {
    config: { access: { oauthScopes: ['documents-sign', 'prescriptions-create'] } },
    schema: {
      tags,
      summary: 'Confirmación con el PIN de firma: devuelve el pin_2fa_code para firmar o prescribir',
      description: 'El token necesita documents-sign para action=sign y prescriptions-create para action=prescribe. El '
        + 'PIN comparte el bloqueo de la firma web (cinco errores seguidos). El pin_2fa_code vale 5 minutos y una vez, y '
        + 'queda atado al access token, a la acción, al code_challenge (S256 del code_verifier que la aplicación enviará) '
        + 'y, si se envía, al SHA-256 del documento. Errores: "Invalid pin-2fa" (400), "Invalid user with '
        + 'pending_approval" (403).',
      security: [{ oauth2: ['documents-sign', 'prescriptions-create'] }],
      body: OAuthPinSchema,
      response: { 200: OAuthPinConfirmedSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => {
    const caller = currentOAuthCaller(request);
    return confirmWithPin(app.db, caller, request.body, actorOf(request, caller.userId));
  });

  app.post('/oauth2/accounts/revoke', {
    config: { access: 'public' },
    errorHandler: answerOAuthError,
    schema: {
      tags,
      summary: 'Revoca un access token o un refresh token de la aplicación (RFC 7009)',
      description: 'Con la misma autenticación de cliente que el endpoint de token. Un refresh token revoca también los '
        + 'access tokens de su autorización. Un token desconocido o de otra aplicación responde 200 igual.',
      consumes: formOrJson,
      body: OAuthRevokeRequestSchema,
      response: { 200: z.object({}).describe('Revocado (o nada que revocar)'), ...oauthErrorAnswers },
    },
  }, async (request) => {
    const client = await authenticateClient(app.db, readClientCredentials(request, request.body));
    await revokeTokenOfClient(app.db, client, request.body.token);
    return {};
  });
};
