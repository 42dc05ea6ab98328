import { describe, expect, it } from 'vitest';
import { createSmtpTransport, senderAddress } from './mail-transport.ts';

describe('senderAddress', () => {
  it.each([
    ['https://receta.example.com.ar', '"Receta Digital" <no-reply@receta.example.com.ar>'],
    ['http://localhost:3000', '"Receta Digital" <no-reply@localhost>'],
    ['http://192.168.0.10:3000', '"Receta Digital" <no-reply@localhost>'],
  ])('sends mail of %s from %s', (publicUrl, from) => {
    expect(senderAddress(publicUrl)).toBe(from);
  });
});

describe('createSmtpTransport', () => {
  it('leaves the SMTP password out of the failure it records', () => {
    const transport = createSmtpTransport('smtp://correo:S3cr%C3%A9to@127.0.0.1:2525', 'no-reply@localhost');
    const failure = transport.describeFailure(new Error('Invalid login for correo:S3créto (535)'));
    expect(failure).toBe('Invalid login for correo:*** (535)');
    transport.close();
  });
});
