import { limits, messages } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authorizeDoctor, registerDoctor } from '../../../test/factories/doctors.ts';
import {
  multipartBody, randomAddress, sampleJpeg, samplePdf, samplePng, uploadedLocation, uploadFile,
} from '../../../test/factories/uploads.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { files } from '../../db/schema/index.ts';
import { policies } from '../../platform/attempt-limiter.ts';
import { fileIdOfLocation } from '../../platform/files/file-store.ts';

const test = useTestApp();

function idOf(location: string): string {
  const id = fileIdOfLocation(location);
  if (!id) throw new Error(`Not a file location: ${location}`);
  return id;
}

describe('POST /api/doctors/uploadFile', () => {
  it.each([
    ['a PNG', samplePng, 'image/png'],
    ['a JPEG', sampleJpeg, 'image/jpeg'],
    ['a PDF', samplePdf, 'application/pdf'],
  ])('stores %s, recognised by its content, unattached for 24 hours', async (_kind, content, contentType) => {
    const before = Date.now();
    const response = await uploadFile(test.app, { content, filename: '1714000000000_dniFront_documento.bin' });
    expect(response.statusCode).toBe(201);
    const { attachment } = response.json<{ attachment: { location: string } }>();
    expect(attachment.location).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const [stored] = await test.app.db.select().from(files).where(eq(files.id, idOf(attachment.location)));
    expect(stored).toMatchObject({ contentType, ownerUserId: null, field: null, name: 'documento.bin', size: content.length });
    expect(stored?.content.equals(content)).toBe(true);
    const lifetime = (stored?.expiresAt?.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(24 * 60 * 60_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 60 * 60_000 + 60_000);
  });

  it('judges by content, not by the name or the declared type: a PNG called .pdf is stored as a PNG', async () => {
    const location = await uploadedLocation(test.app, { content: samplePng, filename: 'x.pdf', contentType: 'application/pdf' });
    const [stored] = await test.app.db.select({ contentType: files.contentType })
      .from(files)
      .where(eq(files.id, idOf(location)));
    expect(stored?.contentType).toBe('image/png');
  });

  it('refuses a text file named .pdf and declared as a PDF', async () => {
    const response = await uploadFile(test.app, {
      content: Buffer.from('no soy un PDF'), filename: '1714000000000_dniFront_falso.pdf', contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ errorCode: 'invalidExtension', message: messages.upload.invalidExtension });
  });

  it('refuses an SVG, which browsers would run scripts in', async () => {
    const response = await uploadFile(test.app, {
      content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      filename: 'logo.svg', contentType: 'image/svg+xml',
    });
    expect(response.json()).toMatchObject({ errorCode: 'invalidExtension' });
  });

  it('refuses a file of 6 MB with 413 "fileTooLarge" and stores nothing', async () => {
    const before = await test.app.db.$count(files);
    const content = Buffer.concat([samplePdf, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await uploadFile(test.app, { content, filename: 'grande.pdf' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ errorCode: 'fileTooLarge', message: messages.upload.tooLarge });
    expect(await test.app.db.$count(files)).toBe(before);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const content = Buffer.concat([samplePdf, Buffer.alloc(limits.uploadMaxBytes - samplePdf.length)]);
    expect((await uploadFile(test.app, { content })).statusCode).toBe(201);
  });

  it('refuses a request without the doctorAttachment part', async () => {
    const response = await uploadFile(test.app, { field: 'otraCosa' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.upload.fileMissing });
  });

  it('refuses two files in one request', async () => {
    const { payload, headers } = await multipartBody([{}, {}]);
    const response = await test.app.inject({
      method: 'POST', url: '/api/doctors/uploadFile', payload, headers, remoteAddress: randomAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.upload.oneFileOnly });
  });

  it.each([
    [
      'cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="doctorAttachment"; filename="a.png"\r\n\r\n\x89PNG',
    ],
    ['without a boundary', 'multipart/form-data', 'no parts here'],
  ])('refuses a multipart body %s with 400 and says the file did not arrive whole', async (_kind, contentType, payload) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/doctors/uploadFile',
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: randomAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.upload.malformed, errorCode: 'uploadFail' });
  });

  it('refuses a body that is not multipart', async () => {
    const response = await test.app.inject({
      method: 'POST', url: '/api/doctors/uploadFile', payload: { file: 'x' }, remoteAddress: randomAddress(),
    });
    expect(response.statusCode).toBe(415);
  });

  it('limits the uploads of one address', async () => {
    const address = randomAddress();
    for (let upload = 0; upload < policies.uploadsPerAddress.maxAttempts; upload += 1) {
      expect((await uploadFile(test.app, {}, address)).statusCode).toBe(201);
    }
    const refused = await uploadFile(test.app, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: messages.common.tooManyRequests });
    expect((await uploadFile(test.app, {}, randomAddress())).statusCode).toBe(201);
  });
});

describe('GET /api/files/{id}', () => {
  it('shows an attached document to its owner and to a moderator, inline and never sniffed', async () => {
    const moderator = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
    const doctor = await registerDoctor(test.app);
    await authorizeDoctor(test.app, doctor, moderator);
    const location = doctor.registration.attachments.degreeCertificate;

    for (const headers of [moderator, await authorizationFor(test.app, doctor.id)]) {
      const response = await test.app.inject({ url: location, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'inline; filename="t_tulo.pdf"; filename*=UTF-8\'\'t%C3%ADtulo.pdf',
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.equals(samplePdf)).toBe(true);
    }
  });

  it('answers 404 to another doctor, as for a file that does not exist', async () => {
    const moderator = await authorizationFor(test.app, (await createUser(test.app, { roles: ['superadmin'] })).id);
    const owner = await registerDoctor(test.app);
    const other = await registerDoctor(test.app);
    await authorizeDoctor(test.app, other, moderator);
    const asOther = await authorizationFor(test.app, other.id);

    const someoneElses = await test.app.inject({ url: owner.registration.attachments.dniFront, headers: asOther });
    const missing = await test.app.inject({ url: '/api/files/00000000-0000-4000-8000-000000000000', headers: asOther });
    expect(someoneElses.statusCode).toBe(404);
    expect(someoneElses.json()).toEqual(missing.json());
  });

  it('asks for a session', async () => {
    const location = await uploadedLocation(test.app);
    expect((await test.app.inject({ url: location })).statusCode).toBe(401);
  });
});

describe('expiry of unattached uploads', () => {
  it('deletes uploads nobody attached within 24 hours, and keeps attached ones', async () => {
    const unattached = idOf(await uploadedLocation(test.app));
    const doctor = await registerDoctor(test.app);
    const attached = idOf(doctor.registration.attachments.dniFront);

    await test.app.mailDelivery.deliverDue(new Date(Date.now() + 23 * 60 * 60_000));
    expect(await test.app.db.$count(files, eq(files.id, unattached))).toBe(1);

    const report = await test.app.mailDelivery.deliverDue(new Date(Date.now() + 25 * 60 * 60_000));
    expect(report.filesDeleted).toBeGreaterThanOrEqual(1);
    expect(await test.app.db.$count(files, eq(files.id, unattached))).toBe(0);
    expect(await test.app.db.$count(files, eq(files.id, attached))).toBe(1);
  });
});
