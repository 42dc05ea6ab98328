import type { OAuthConsent, OAuthTokenContext } from '@receta/domain';
import { vi } from 'vitest';
import { browserLocation } from './client-redirect.ts';

// What the OAuth page tests share: an app's request as it would arrive, and the server's answers.

export const appRequest = {
  client_id: 'app-historia-clinica',
  scope: 'accounts-profiles medications-search diagnosis-search documents-sign',
  redirect_uri: 'https://historia.example.com/callback',
  state: 'estado-de-la-app',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  response_type: 'code',
} as const;

/** The app's registered redirect URIs, as the consent and the token's context list them. */
export const registeredRedirectUris = [appRequest.redirect_uri, 'https://historia.example.com/otra-vuelta'];

/** The product's own demo page at this origin, the demo app's redirect URI. */
export const demoRedirectUri = `${window.location.origin}/oauth2/demo`;

export function queryOf(values: Record<string, string>): string {
  return `?${new URLSearchParams(values).toString()}`;
}

export const consent: OAuthConsent = {
  client_logo_uri: 'https://historia.example.com/logo.png',
  client_name: 'Historia Clínica Norte',
  client_redirect_uri_label: 'Historia Clínica Norte (historia.example.com)',
  client_redirect_uris: registeredRedirectUris,
  scopes: ['accounts-profiles', 'medications-search', 'diagnosis-search', 'documents-sign'],
  user_first_name: 'Ana María',
  user_last_name: 'Gómez',
  user_email: 'ana.gomez@example.com',
  sandbox: false,
};

export const tokenContext: OAuthTokenContext = {
  client_name: 'Historia Clínica Norte',
  client_redirect_uri_label: 'Historia Clínica Norte (historia.example.com)',
  client_redirect_uris: registeredRedirectUris,
  user_email: 'ana.gomez@example.com',
  sandbox: false,
};

/** Watches where the page sends the browser; jsdom cannot leave the page. */
export function watchClientRedirects() {
  return vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
}

/** The address the page sent the browser to, with its query read. */
export function redirectOf(assign: ReturnType<typeof watchClientRedirects>, call = 0) {
  const url = new URL(String(assign.mock.calls[call]?.[0]));
  return { base: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams) };
}
