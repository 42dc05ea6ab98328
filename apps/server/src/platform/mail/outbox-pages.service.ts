import type { OutboxMail, OutboxPage, OutboxSms, OutboxWithholding, SmsOutboxPage } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { linkMarkers, withoutLink, type LinkKind } from '../message-links.ts';
import { findOutboxPage, findSmsOutboxPage } from './outbox-pages.repository.ts';

type PageQuery = { page: number; pageSize: number };

interface StoredMessage {
  to: string;
  link: string | null;
  linkKind: LinkKind | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * What the outbox leaves out of a message. A patient's message is the patient's business and
 * its link only the prescription's doctor may hand over. An account's link is shown only while
 * no transport delivers the messages: the outbox is then how a local install follows it.
 */
function withholdingOf(message: StoredMessage, isDelivering: boolean): OutboxWithholding | null {
  if (message.linkKind === 'patient') return 'content';
  if (message.linkKind === 'account' && (isDelivering || message.link === null)) return 'link';
  return null;
}

/** Enough of a patient's address to match a delivery question to the message, and no more. */
function addressHint(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address.slice(0, 1)}***${address.slice(at)}` : `***${address.slice(-2)}`;
}

/** The parts of a message every outbox shows, withheld as `withheld` says, with its dates in ISO 8601. */
function visiblePartsOf(message: StoredMessage, withheld: OutboxWithholding | null) {
  const to = withheld === 'content' ? addressHint(message.to) : message.to;
  return {
    to,
    // A refusal may quote the address it refused.
    lastError: message.lastError?.replaceAll(message.to, to) ?? null,
    withheld,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
  };
}

/** A body as the outbox shows it: none for a withheld content, without a withheld link still in it. */
function visibleBody(body: string, message: StoredMessage, withheld: OutboxWithholding | null): string | null {
  if (withheld === 'content') return null;
  return withheld === 'link' && message.link !== null ? withoutLink(body, message.link, linkMarkers.hidden) : body;
}

/** A page of the mail outbox, newest first; `isDelivering` when SMTP is configured. */
export async function listOutbox(db: Database, query: PageQuery, isDelivering: boolean): Promise<OutboxPage> {
  const { items, total } = await findOutboxPage(db, query);
  return {
    items: items.map((mail): OutboxMail => {
      const withheld = withholdingOf(mail, isDelivering);
      return {
        id: mail.id,
        subject: mail.subject,
        text: visibleBody(mail.text, mail, withheld),
        html: visibleBody(mail.html, mail, withheld),
        status: mail.status,
        attempts: mail.attempts,
        ...visiblePartsOf(mail, withheld),
      };
    }),
    total,
    ...query,
  };
}

/** A page of the SMS outbox, newest first; `isDelivering` when an SMS webhook is configured. */
export async function listSmsOutbox(db: Database, query: PageQuery, isDelivering: boolean): Promise<SmsOutboxPage> {
  const { items, total } = await findSmsOutboxPage(db, query);
  return {
    items: items.map((sms): OutboxSms => {
      const withheld = withholdingOf(sms, isDelivering);
      return {
        id: sms.id,
        text: visibleBody(sms.text, sms, withheld),
        status: sms.status,
        attempts: sms.attempts,
        ...visiblePartsOf(sms, withheld),
      };
    }),
    total,
    ...query,
  };
}
