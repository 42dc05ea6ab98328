import type { FastifyReply } from 'fastify';
import { attachmentDisposition, inlineDisposition } from '../files/content-disposition.ts';

/** Answers a PDF, as a download (`attachment`) or to show in the browser (`inline`), named `fileName`. */
export function sendPdf(
  reply: FastifyReply, pdf: Buffer | Uint8Array, fileName: string, disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', (disposition === 'inline' ? inlineDisposition : attachmentDisposition)(fileName))
    .header('x-content-type-options', 'nosniff')
    // Health data and signed clinical documents: no shared cache may keep a copy.
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
