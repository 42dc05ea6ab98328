import { OAuthTokenSchema } from '@receta/domain';
import { z } from 'zod';

const PendingRequestSchema = z.object({ state: z.string(), codeVerifier: z.string() });

/**
 * What the demo client remembers while the browser visits the product's OAuth pages: the
 * client, the request under way (its state and PKCE verifier) and, once connected, the token.
 * Per tab, like any app's session.
 */
const DemoSessionSchema = z.object({
  clientId: z.string(),
  /** Needed by the token exchange only, then forgotten. */
  clientSecret: z.string().optional(),
  /** The authorization waiting for its code. */
  authorization: PendingRequestSchema.optional(),
  token: OAuthTokenSchema.optional(),
  /** The signature waiting for its pin_2fa_code; the document waits in the pending-document store. */
  signing: PendingRequestSchema.extend({ documentName: z.string() }).optional(),
});
export type DemoSession = z.infer<typeof DemoSessionSchema>;

const key = 'oauth_demo_session';

export const demoSessionStore = {
  get: (): DemoSession | null => {
    const parsed = DemoSessionSchema.safeParse(parseJson(sessionStorage.getItem(key)));
    return parsed.success ? parsed.data : null;
  },
  set: (session: DemoSession) => sessionStorage.setItem(key, JSON.stringify(session)),
  clear: () => sessionStorage.removeItem(key),
};

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
