import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@receta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';

const webRoot = await mkdtemp(join(tmpdir(), 'receta-web-'));
const indexHtml = '<!doctype html><html lang="es"><title>Receta Digital</title></html>';
const hashedScript = `export const greeting = ${JSON.stringify('Hola '.repeat(400))};`;

/** A file of the build with the brotli and gzip copies the web build writes beside it. */
async function writeBuilt(path: string, content: string) {
  await writeFile(join(webRoot, path), content);
  await writeFile(join(webRoot, `${path}.br`), brotliCompressSync(content));
  await writeFile(join(webRoot, `${path}.gz`), gzipSync(content));
}

beforeAll(async () => {
  await mkdir(join(webRoot, 'assets'));
  await writeBuilt('index.html', indexHtml);
  await writeBuilt('assets/login-page-C0FfEe12.js', hashedScript);
});
const test = useTestApp({ webRoot });

describe('probes', () => {
  it('answers /healthz while the process is up', async () => {
    const response = await test.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database responds', async () => {
    const response = await test.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown API path with the error shape and a Spanish message', async () => {
    const response = await test.app.inject({ url: '/api/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: messages.common.notFound });
  });

  it('names each missing field of a request with the required-field message', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: [
        { field: 'body.email', message: messages.common.required },
        { field: 'body.password', message: messages.common.required },
      ],
    });
  });

  it('answers malformed JSON with a 400 in Spanish', async () => {
    const response = await test.app.inject({
      method: 'POST', url: '/api/nada', headers: { 'content-type': 'application/json' }, payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: messages.common.invalidData });
  });
});

describe('web app', () => {
  it('serves index.html for a client-side route', async () => {
    const response = await test.app.inject({ url: '/termsAndConditions', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Receta Digital');
  });

  it('sends a hashed script compressed as the browser accepts, to be kept for good', async () => {
    const url = '/assets/login-page-C0FfEe12.js';
    const brotli = await test.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(hashedScript);

    const gzip = await test.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(hashedScript);

    const plain = await test.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(hashedScript);
  });

  it('sends index.html compressed too, but never to be kept: a release changes what it points to', async () => {
    for (const url of ['/', '/login']) {
      const response = await test.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it('sends security headers and a request id', async () => {
    const response = await test.app.inject({ url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The pharmacy scanner's QR decoder runs in a blob: worker.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same security headers with every answer: a page, an API answer, a refusal', async () => {
    const answers = await Promise.all([
      test.app.inject({ url: '/login', headers: { accept: 'text/html' } }),
      test.app.inject({ url: '/api/jurisdictions' }),
      test.app.inject({ url: '/api/patients' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'content-security-policy': answers[0].headers['content-security-policy'],
      });
    }
    expect(answers[0].headers['content-security-policy']).toContain("img-src 'self' data: https:");
  });
});

describe('OpenAPI', () => {
  it('publishes the document generated from the route schemas', async () => {
    const response = await test.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths).toHaveProperty('/readyz');
  });

  it('serves the documentation UI', async () => {
    const response = await test.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
