import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server-process.ts';

/** A mail as the journeys read it. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface MailCatcher {
  /** For the product's SMTP_URL. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that accepts every mail and writes it, parsed, as one JSON
 * file in `folder`, where the journeys (in other processes) read it.
 */
export async function startMailCatcher(folder: string): Promise<MailCatcher> {
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          // Time-ordered names, so that a reader sees the mails in the order they arrived. Written
          // under another name and then renamed, so that a reader never meets a half-written file.
          const name = `${Date.now()}-${randomUUID()}`;
          await writeFile(join(folder, `${name}.partial`), JSON.stringify(mail));
          await rename(join(folder, `${name}.partial`), join(folder, `${name}.json`));
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
