import { escapeHtml } from './mail/compose-mail.ts';

/** Whose link a queued message carries: an account's (confirmation, recovery, invitation) or a patient's. */
export type LinkKind = 'account' | 'patient';

/** The working link a queued message carries, stored beside its body so it can be taken out. */
export interface MessageLink {
  url: string;
  kind: LinkKind;
}

/** What stands in a body for its link once the body may no longer hold it. */
export const linkMarkers = {
  sent: '[enlace enviado]',
  undelivered: '[enlace no entregado]',
  hidden: '[enlace oculto]',
} as const;

/**
 * The body with `url` replaced by `marker`, as plain text and as the escaped text of HTML,
 * where an anchor to it loses its href and stops being a link.
 */
export function withoutLink(body: string, url: string, marker: string): string {
  const escaped = escapeHtml(url);
  return body.replaceAll(` href="${escaped}"`, '').replaceAll(escaped, marker).replaceAll(url, marker);
}
