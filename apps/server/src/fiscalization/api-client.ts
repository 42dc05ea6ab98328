import {
  AuthenticityClaimsSchema, type LoginStep, type OutboxPage, type SignedIn, type UserSession,
} from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';

/** Why the fiscalization seed will not run here; main.ts prints the message and exits with 1. */
export class FiscalizationRefusal extends Error {
  override name = 'FiscalizationRefusal';
}

/** An answer other than the one a step of the seed expected. */
export class UnexpectedAnswer extends Error {
  override name = 'UnexpectedAnswer';

  constructor(request: ApiRequest, readonly statusCode: number, body: string) {
    super(`${request.method} ${request.url} answered ${statusCode} instead of ${request.expected ?? 200}: ${body}`);
  }
}

// Sessions and the event log name where the seed's requests came from.
const userAgent = 'receta-seed-fiscalization';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  payload?: object | Buffer;
  /** The status that means success; 200 unless told. */
  expected?: number;
}

/** One request to the app in-process, as the web app would send it; any other status than the expected one throws. */
export async function callApi<T>(app: FastifyInstance, request: ApiRequest): Promise<T> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: { 'user-agent': userAgent, ...request.headers },
    ...request.payload === undefined ? {} : { payload: request.payload },
  });
  if (response.statusCode !== (request.expected ?? 200)) {
    throw new UnexpectedAnswer(request, response.statusCode, response.body);
  }
  return response.json<T>();
}

/** An account signed in by the seed, with what its user needs to sign in again. */
export interface SignedInAccount {
  userId: string;
  email: string;
  password: string;
  /** The authenticator's secret (base32) and its otpauth:// URI, for an authenticator app. */
  totpSecret: string;
  otpauthUri: string;
  session: UserSession;
  headers: { authorization: string };
}

/**
 * The first login of an account, as the web app does it: the password, then enrolling the
 * authenticator with a code computed from the secret step one answers, then accepting the terms.
 */
export async function signInForTheFirstTime(
  app: FastifyInstance, credentials: { email: string; password: string },
): Promise<SignedInAccount> {
  const { authenticityToken } = await callApi<LoginStep>(app, {
    method: 'POST', url: '/api/auth/login', payload: credentials,
  });
  const claims = AuthenticityClaimsSchema.parse(decodeJwt(authenticityToken));
  if (!claims.secret || !claims.otpauth) {
    throw new FiscalizationRefusal(
      `${credentials.email} ya configuró su aplicación de autenticación; el entorno de fiscalización se carga en una base nueva.`,
    );
  }
  const code = new TOTP({ secret: Secret.fromBase32(claims.secret) }).generate();
  const signedIn = await callApi<SignedIn>(app, {
    method: 'POST',
    url: '/api/auth/login/2fa',
    headers: { authorization: `Bearer ${authenticityToken}` },
    payload: { token: code },
  });
  const headers = { authorization: `Bearer ${signedIn.access_token}` };
  await callApi(app, { method: 'POST', url: `/api/termsAndConditions?sign=${new Date().toISOString()}`, headers });
  return {
    userId: signedIn.user.id,
    email: credentials.email,
    password: credentials.password,
    totpSecret: claims.secret,
    otpauthUri: claims.otpauth,
    session: signedIn.user,
    headers,
  };
}

/**
 * The token of the newest link to `path` mailed to `to`, read on the superadmin's outbox page,
 * where a platform without SMTP shows the accounts' links.
 */
export async function mailedToken(
  app: FastifyInstance, superadmin: SignedInAccount, to: string, path: 'confirmation' | 'invitation',
): Promise<string> {
  const outbox = await callApi<OutboxPage>(app, { method: 'GET', url: '/api/outbox?pageSize=100', headers: superadmin.headers });
  const link = new RegExp(`/${path}/([\\w-]+)`);
  for (const mail of outbox.items) {
    const token = mail.to === to ? link.exec(mail.text ?? '')?.[1] : undefined;
    if (token) return token;
  }
  throw new Error(`No ${path} link was mailed to ${to}`);
}
