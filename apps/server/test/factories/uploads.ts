import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A real 1×1 PNG. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI and a JFIF APP0 segment); the server only looks at the first bytes. */
export const sampleJpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const samplePdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A different client address per call, so that tests do not run into the per-address limits. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface MultipartFile {
  field?: string;
  filename?: string;
  content?: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser would encode it, for `app.inject`. */
export async function multipartBody(
  files: MultipartFile[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const file of files) {
    const blob = new Blob([file.content ?? samplePng], { type: file.contentType ?? 'application/octet-stream' });
    form.append(file.field ?? 'doctorAttachment', blob, file.filename ?? `${Date.now()}_dniFront_dni.png`);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** `POST /api/doctors/uploadFile` with one file. */
export async function uploadFile(
  app: FastifyInstance, file: MultipartFile = {}, remoteAddress: string = randomAddress(),
) {
  const { payload, headers } = await multipartBody([file]);
  return app.inject({ method: 'POST', url: '/api/doctors/uploadFile', payload, headers, remoteAddress });
}

/** Uploads a file and answers its location. */
export async function uploadedLocation(app: FastifyInstance, file: MultipartFile = {}): Promise<string> {
  const response = await uploadFile(app, file);
  if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.body}`);
  return response.json<{ attachment: { location: string } }>().attachment.location;
}
