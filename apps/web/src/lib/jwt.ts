/**
 * Reads the payload of a JWT without checking its signature. That is enough for the web app
 * to decide what to show; the server checks the signature on every call that uses the token.
 * Answers undefined when the token is not a JWT.
 */
export function readJwtPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** Spec section 4: a token is expired when its expiry is before now. A token without one never expires. */
export function isJwtExpired(token: string, now: Date = new Date()): boolean {
  const payload = readJwtPayload(token);
  if (typeof payload !== 'object' || payload === null) return true;
  const expiry = 'exp' in payload ? payload.exp : undefined;
  if (expiry === undefined) return false;
  return typeof expiry !== 'number' || expiry * 1000 < now.getTime();
}
