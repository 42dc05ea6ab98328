import { paths } from '../../config/paths.ts';
import { isRedirectUriRegistered } from './oauth-api.ts';

/** Leaves the product for the app; an object so that tests can watch the call, which jsdom cannot perform. */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};

export type ClientAnswer = Record<string, string | undefined>;

/** The app's redirect URI with the flow's answer added to its query (RFC 6749 section 4.1.2). */
export function clientRedirectUrl(redirectUri: string, answer: ClientAnswer): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** Sends the browser back to the app with the flow's answer. */
export function redirectToClient(redirectUri: string, answer: ClientAnswer): void {
  browserLocation.assign(clientRedirectUrl(redirectUri, answer));
}

/** Whether the app is the product's own test client, /oauth2/demo (spec section 8: "in demo"). */
export function isDemoRedirect(redirectUri: string): boolean {
  try {
    const url = new URL(redirectUri);
    return url.origin === window.location.origin && url.pathname === paths.oauthDemo.path;
  } catch {
    return false;
  }
}

/**
 * Whether the page may send the browser to the app's redirect URI (RFC 9700 section 4.11): only
 * to exactly one of the URIs the server listed as the app's; any other address is told on the
 * page instead.
 */
export function mayRedirectTo(redirectUri: string, registeredUris: readonly string[]): boolean {
  return registeredUris.includes(redirectUri);
}

/**
 * Where no app can list its addresses (an unknown client_id, a refused token), whether the page
 * may still answer at the redirect_uri (spec section 8): when it is this product's demo page, or
 * an address the server says some app registered, which is no open redirect. Without an answer
 * from the server, it may not.
 */
export async function mayAnswerWithoutAppAt(redirectUri: string): Promise<boolean> {
  if (isDemoRedirect(redirectUri)) return true;
  try {
    return await isRedirectUriRegistered(redirectUri);
  } catch {
    return false;
  }
}
