import { codeChallenge, pkceMethods, redirectUri } from '@receta/domain';
import { z } from 'zod';

/**
 * A redirect URI the page may send the browser to: one an app could register (https, or http on
 * a loopback host), or this very origin (the demo, wherever the product is served), so that no
 * `javascript:` or `data:` address ever runs in the product's origin.
 */
export const clientRedirectUri = z.string().refine(
  (value) => redirectUri.safeParse(value).success || isSameOrigin(value),
);

function isSameOrigin(value: string): boolean {
  return URL.canParse(value) && new URL(value).origin === window.location.origin;
}

/** What an app sends the browser to /oauth2/sign-in with (DECISIONS.md, "OAuth2"). */
const AuthorizationRequestSchema = z.object({
  client_id: z.string().min(1),
  scope: z.string().trim().min(1),
  redirect_uri: clientRedirectUri,
  state: z.string().max(500).optional(),
  code_challenge: codeChallenge,
  code_challenge_method: z.enum(pkceMethods),
  response_type: z.literal('code'),
});
export type AuthorizationRequest = z.infer<typeof AuthorizationRequestSchema>;

const parameterNames = Object.keys(AuthorizationRequestSchema.shape) as (keyof AuthorizationRequest)[];

/** The request in a page's query, or null when a parameter is missing or wrong. */
export function readAuthorizationRequest(search: URLSearchParams): AuthorizationRequest | null {
  const values = Object.fromEntries(parameterNames.flatMap((name) => {
    const value = search.get(name);
    return value === null ? [] : [[name, value]];
  }));
  const parsed = AuthorizationRequestSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/** The query that carries the request from one OAuth page to the next. */
export function authorizationQuery(request: AuthorizationRequest): string {
  const search = new URLSearchParams();
  for (const name of parameterNames) {
    const value = request[name];
    if (value !== undefined) search.set(name, value);
  }
  return `?${search.toString()}`;
}

// Per tab, and out of the address bar: the code stands for the password just typed.
const signedInCodeKey = 'oauth_signed_in_code';

/**
 * The signed_in_code between the sign-in and the consent. The consent page gets it through the
 * route state (spec section 2) and finds it here after a reload; it is forgotten once used.
 */
export const signedInCodeStore = {
  get: (): string | null => sessionStorage.getItem(signedInCodeKey),
  set: (code: string) => sessionStorage.setItem(signedInCodeKey, code),
  clear: () => sessionStorage.removeItem(signedInCodeKey),
};
