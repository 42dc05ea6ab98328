import multipart from '@fastify/multipart';
import { limits, messages, UploadedAttachmentSchema } from '@receta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policies } from '../../platform/attempt-limiter.ts';
import { currentUser } from '../../platform/auth/access-control.ts';
import { inlineDisposition } from '../../platform/files/content-disposition.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { multipartFailure } from '../../platform/files/multipart-failure.ts';
import { readStoredFile, storeDoctorAttachment } from './uploads.service.ts';

const attachmentPart = 'doctorAttachment';

/** The one file part of an upload, read into memory within the size limit; other fields are ignored. */
async function readAttachmentPart(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', messages.upload.fileMissing, 'uploadFail');
  }
  let upload: { filename: string; content: Buffer } | undefined;
  try {
    // Read to the end, so that a second file hits the limit of one instead of going unnoticed.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== attachmentPart) throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
      upload = { filename: part.filename, content: await part.toBuffer() };
    }
  } catch (error) {
    throw multipartFailure(app, error, new AppError('payload_too_large', messages.upload.tooLarge, 'fileTooLarge'));
  }
  if (!upload) throw new AppError('invalid_data', messages.upload.fileMissing, 'uploadFail');
  return upload;
}

/** The registration uploads and reading a stored file back. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes: nowhere else accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: limits.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post('/doctors/uploadFile', {
    config: { access: 'public' },
    schema: {
      tags: ['registro'],
      summary: 'Sube un documento del registro (PNG, JPG o PDF de hasta 5 MB, parte "doctorAttachment")',
      consumes: ['multipart/form-data'],
      response: { 201: UploadedAttachmentSchema },
    },
  }, async (request, reply) => {
    await app.attempts.reserve([[policies.uploadsPerAddress, request.ip]]);
    const upload = await readAttachmentPart(app, request);
    const location = await storeDoctorAttachment(app.db, upload);
    return reply.status(201).send({ attachment: { location } });
  });

  app.get('/files/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['registro'],
      summary: 'Muestra un documento subido: a su dueño y a quien revisa profesionales',
      params: z.object({ id: z.uuid(messages.common.notFound) }),
    },
  }, async (request, reply) => {
    const file = await readStoredFile(app.db, currentUser(request), request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', inlineDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      // Identity documents: no shared cache may keep a copy.
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};
