import { doctorAppScopes } from '@receta/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthClients } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/user-tokens.ts';

/** The client_id of the sandbox app behind /oauth2/demo. */
export const demoClientId = 'demo-sandbox';

export interface DemoClientOptions {
  /** The server's public URL: the demo page is the app's redirect URI. */
  publicUrl: string;
  /** OAUTH_DEMO_CLIENT_SECRET; unset: the superadmin generates one from the client registry. */
  secret: string | undefined;
}

/**
 * Creates the demo app, or brings it in line with this start: its redirect URI follows the
 * configured public URL, it keeps every scope and stays a sandbox (its signatures use the test
 * certificate), and a configured secret replaces the stored one. No secret is ever generated
 * or printed here (decision 017).
 */
export async function ensureDemoClient(db: Database, options: DemoClientOptions): Promise<void> {
  const redirectUris = [`${options.publicUrl}/oauth2/demo`];
  const secretHash = options.secret === undefined ? null : hashToken(options.secret);
  await db.insert(oauthClients)
    .values({
      clientId: demoClientId,
      kind: 'confidential',
      secretHash,
      name: 'Demo de integración',
      redirectUris,
      redirectUriLabel: 'Demo de integración',
      allowedScopes: [...doctorAppScopes],
      sandbox: true,
    })
    .onConflictDoUpdate({
      target: oauthClients.clientId,
      set: {
        redirectUris,
        allowedScopes: [...doctorAppScopes],
        sandbox: true,
        ...(secretHash === null ? {} : { secretHash }),
        updatedAt: sql`now()`,
      },
    });
}
