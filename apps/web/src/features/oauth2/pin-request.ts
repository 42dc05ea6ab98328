import { codeChallenge, limits, nameText, pkceMethods, textLimits, type PinAction } from '@receta/domain';
import { z } from 'zod';
import { clientRedirectUri } from './authorization-request.ts';

/** The query an app opens /oauth2/pin-2fa with (spec section 2). */
const PinRequestSchema = z.object({
  // Spec section 2: sign, otherwise prescribe.
  action: z.string().optional().transform((action): PinAction => (action === 'sign' ? 'sign' : 'prescribe')),
  access_token: z.string().min(1),
  redirect_uri: clientRedirectUri,
  state: z.string().max(500).optional(),
  code_challenge: codeChallenge,
  code_challenge_method: z.enum(pkceMethods),
  /** For action sign: the document's SHA-256, which binds the approval to that file (DECISIONS.md). */
  document_sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  /** For action sign: the file's name and size in bytes, so the doctor knows what they sign (docs/decisions/047). */
  document_name: nameText(textLimits.line).min(1).optional(),
  document_size: z.coerce.number().int().positive().max(limits.uploadMaxBytes).optional(),
});
export type PinRequest = z.output<typeof PinRequestSchema>;

/** The request in the page's query, or null when a parameter is missing or wrong. */
export function readPinRequest(search: URLSearchParams): PinRequest | null {
  const values = Object.fromEntries([...search.entries()].filter(([name]) => name in PinRequestSchema.shape));
  const parsed = PinRequestSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}
