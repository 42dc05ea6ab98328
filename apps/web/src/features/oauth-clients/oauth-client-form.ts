import {
  checkRedirectFields, messages, OAuthClientInputSchema, oauthClientKinds, redirectUri,
  type OAuthClient, type OAuthScope,
} from '@receta/domain';
import { z } from 'zod';

/** The form as typed: the redirect URIs one per line, the logo blank for none. */
export interface OAuthClientFormValues {
  name: string;
  logoUri: string;
  redirectUris: string;
  redirectUriLabel: string;
  allowedScopes: OAuthScope[];
  sandbox: boolean;
  kind: (typeof oauthClientKinds)[number];
  /** Blank for any app but a pharmacy system. */
  pharmacyAccountEmail: string;
}

const input = OAuthClientInputSchema.shape;
const maxRedirectUris = 10;

function linesOf(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter(Boolean);
}

/** The domain's rules on the form's shape; a wrong redirect URI is told on the one field that holds them all. */
export const OAuthClientFormSchema = z.object({
  name: input.name,
  logoUri: z.string().trim().transform((value) => value || null).pipe(input.logoUri.unwrap()),
  redirectUris: z.string().superRefine((text, context) => {
    const uris = linesOf(text);
    if (uris.length > maxRedirectUris) context.addIssue({ code: 'custom', message: messages.common.invalidData });
    if (uris.some((uri) => !redirectUri.safeParse(uri).success)) {
      context.addIssue({ code: 'custom', message: messages.oauth.redirectUriInvalid });
    }
  }).transform(linesOf),
  redirectUriLabel: input.redirectUriLabel.unwrap(),
  allowedScopes: input.allowedScopes,
  sandbox: z.boolean(),
  kind: z.enum(oauthClientKinds),
  pharmacyAccountEmail: z.string().trim().transform((value) => value || null).pipe(input.pharmacyAccountEmail.unwrap()),
}).superRefine(checkRedirectFields);

export const emptyOAuthClientForm: OAuthClientFormValues = {
  name: '', logoUri: '', redirectUris: '', redirectUriLabel: '', allowedScopes: [], sandbox: false, kind: 'confidential',
  pharmacyAccountEmail: '',
};

export function oauthClientFormOf(client: OAuthClient): OAuthClientFormValues {
  return {
    name: client.name,
    logoUri: client.logoUri ?? '',
    redirectUris: client.redirectUris.join('\n'),
    redirectUriLabel: client.redirectUriLabel,
    allowedScopes: client.allowedScopes,
    sandbox: client.sandbox,
    kind: client.kind,
    pharmacyAccountEmail: client.pharmacyAccountEmail ?? '',
  };
}
