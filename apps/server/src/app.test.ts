import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@receta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';

const webRoot = await mkdtemp(join(tmpdir(), 'receta-web-'));
beforeAll(async () => {
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><html lang="es"><title>Receta Digital</title></html>');
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

  it('sends security headers and a request id', async () => {
    const response = await test.app.inject({ url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The pharmacy scanner's QR decoder runs in a blob: worker.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self' blob:");
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
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
