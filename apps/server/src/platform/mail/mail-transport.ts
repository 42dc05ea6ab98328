import { isIP } from 'node:net';
import { product } from '@receta/domain';
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where outgoing mail goes; the worker keeps mail in the outbox when there is none. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Describes a failed send for the outbox, without credentials. */
  describeFailure(error: unknown): string;
  close(): void;
}

/** `"Receta Digital" <no-reply@host>`, the host taken from the public address of the platform. */
export function senderAddress(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = host && isIP(host.replace(/^\[|\]$/g, '')) === 0 ? host : 'localhost';
  return `"${product.name}" <no-reply@${domain}>`;
}

/**
 * Sends through the SMTP server of `SMTP_URL`. The timeouts are short so that an unreachable
 * server fails an attempt, which the worker retries later, instead of holding the worker.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  const url = new URL(smtpUrl);
  const secrets = [url.password, decodeURIComponent(url.password)].filter((secret) => secret.length > 0);
  return {
    // Only the mail's own fields: a row of the outbox carries more, which nodemailer must not read.
    send: async ({ to, subject, html, text }) => {
      await transporter.sendMail({ to, subject, html, text });
    },
    describeFailure: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      return secrets.reduce((text, secret) => text.replaceAll(secret, '***'), message).slice(0, 500);
    },
    close: () => transporter.close(),
  };
}
