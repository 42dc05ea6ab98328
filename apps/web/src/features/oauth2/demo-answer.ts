/** What the product's OAuth pages sent the demo back with (spec sections 4 and 8). */
export type DemoAnswer =
  | { kind: 'code'; code: string; state: string | null }
  | { kind: 'authFailed'; error: string }
  | { kind: 'authRejected'; error: string }
  | { kind: 'pinConfirmed'; pin2faCode: string; state: string | null }
  | { kind: 'pinFailed'; error: string };

/** The answer in the demo's query, or null for a plain visit. */
export function readDemoAnswer(search: URLSearchParams): DemoAnswer | null {
  const error = search.get('error') ?? '';
  const code = search.get('code');
  const pin2faCode = search.get('pin_2fa_code');
  if (search.get('auth') === 'failed') return { kind: 'authFailed', error };
  if (search.get('auth') === 'rejected') return { kind: 'authRejected', error };
  if (search.get('confirm') === 'failed') return { kind: 'pinFailed', error };
  if (code) return { kind: 'code', code, state: search.get('state') };
  if (pin2faCode) return { kind: 'pinConfirmed', pin2faCode, state: search.get('state') };
  return null;
}
