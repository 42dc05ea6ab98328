/** An unsigned JWT with the given payload; the web app never checks signatures. */
export function makeJwt(payload: Record<string, unknown>): string {
  return [{ alg: 'HS256', typ: 'JWT' }, payload].map(encodeSegment).join('.') + '.firma';
}

function encodeSegment(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
