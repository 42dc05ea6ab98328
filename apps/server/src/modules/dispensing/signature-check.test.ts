import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSigner, prescriptionToPrint } from '../../../test/factories/signing.ts';
import { signPrescriptionPdf } from '../../platform/pdf/index.ts';
import type { Signer } from '../../platform/pki/index.ts';
import type { PlatformCa } from '../../platform/pki/platform-ca.ts';
import { verifyPdfSignature } from './signature-check.ts';

let directory: string;
let signer: Signer & { ca: PlatformCa };
let otherCa: PlatformCa;
let signed: Buffer;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-signature-check-'));
  signer = await createTestSigner(join(directory, 'platform'));
  otherCa = (await createTestSigner(join(directory, 'other'))).ca;
  signed = Buffer.from(await signPrescriptionPdf(prescriptionToPrint(), {
    signer, signingTime: new Date(), verificationCode: '7K3M9P2QX4T8VW6R', verificationUrl: 'https://receta.test/verify/7K3M9P2QX4T8VW6R',
  }));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const now = () => new Date();

function byteRangeOf(pdf: Buffer): number[] {
  const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)/.exec(pdf.toString('latin1'));
  if (!match) throw new Error('No /ByteRange');
  return match.slice(1).map(Number);
}

describe('verifyPdfSignature', () => {
  it('answers the signer certificate of a PDF signed with a certificate of the platform CA', async () => {
    const certificate = await verifyPdfSignature(signed, signer.ca.certificate, now());
    expect(certificate && Buffer.from(certificate).equals(Buffer.from(signer.certificate.rawData))).toBe(true);
  });

  it.each([
    ['before the signature', (range: number[]) => Math.floor(range[1]! / 2)],
    ['after the signature', (range: number[]) => range[2]! + Math.floor(range[3]! / 2)],
  ])('refuses a PDF with one byte changed %s', async (_where, positionIn) => {
    const tampered = Buffer.from(signed);
    const position = positionIn(byteRangeOf(signed));
    tampered[position] = tampered[position]! ^ 0x01;
    expect(await verifyPdfSignature(tampered, signer.ca.certificate, now())).toBeNull();
  });

  it('refuses a changed signature value', async () => {
    const [, contentsStart, contentsEnd] = byteRangeOf(signed) as [number, number, number];
    const cms = Buffer.from(signed.subarray(contentsStart + 1, contentsEnd - 1).toString('latin1'), 'hex');
    // The signature value closes the DER, before the zero padding.
    const derEnd = asn1js.fromBER(cms).offset;
    const position = contentsStart + 1 + 2 * (derEnd - 4);
    const tampered = Buffer.from(signed);
    tampered[position] = tampered[position] === 0x30 ? 0x31 : 0x30;
    expect(await verifyPdfSignature(tampered, signer.ca.certificate, now())).toBeNull();
  });

  it('refuses bytes appended after the signed range, as an incremental update would add', async () => {
    const appended = Buffer.concat([signed, Buffer.from('\n% appended\n', 'latin1')]);
    expect(await verifyPdfSignature(appended, signer.ca.certificate, now())).toBeNull();
  });

  it('refuses a certificate that another CA issued', async () => {
    expect(await verifyPdfSignature(signed, otherCa.certificate, now())).toBeNull();
  });

  it('checks the chain on the date it is given: refuses a date after the certificate expired', async () => {
    const inThreeYears = new Date(Date.now() + 3 * 365 * 24 * 60 * 60_000);
    expect(await verifyPdfSignature(signed, signer.ca.certificate, inThreeYears)).toBeNull();
  });

  it('refuses a file that is no signed PDF', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const unsigned = await document.save();
    expect(await verifyPdfSignature(unsigned, signer.ca.certificate, now())).toBeNull();
    expect(await verifyPdfSignature(Buffer.from('no es un PDF'), signer.ca.certificate, now())).toBeNull();
  });
});
