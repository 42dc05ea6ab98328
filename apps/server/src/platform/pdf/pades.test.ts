import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractSignature } from '@signpdf/utils';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSigner, prescriptionToPrint } from '../../../test/factories/signing.ts';
import { pdfsigTrusting, type Pdfsig } from '../../../test/pdfsig.ts';
import { signPrescriptionPdf } from './prescription-pdf.ts';

let directory: string;
let pdfsig: Pdfsig;
let signed: Buffer;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-pades-'));
  const signer = await createTestSigner(join(directory, 'data'));
  pdfsig = await pdfsigTrusting(signer.ca.certificate, directory);
  signed = Buffer.from(await signPrescriptionPdf(prescriptionToPrint(), {
    signer, signingTime: new Date(), verificationCode: '7K3M9P2QX4T8VW6R', verificationUrl: 'https://receta.example/verify/7K3M9P2QX4T8VW6R',
  }));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function byteRangeOf(pdf: Buffer): number[] {
  return (extractSignature(pdf) as { ByteRange: number[] }).ByteRange;
}

describe('signPdfDocument', () => {
  it('signs as PAdES that pdfsig finds valid, over the whole file, with a certificate chain it trusts', async () => {
    const report = await pdfsig(signed, 'signed.pdf');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signature Field Name: Firma 1');
    expect(report).toContain('Signer Certificate Common Name: María José Núñez');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
  });

  it('is reported invalid by pdfsig after one byte inside the signed range changes', async () => {
    const [, firstRangeEnd] = byteRangeOf(signed);
    const tampered = Buffer.from(signed);
    const position = Math.floor(firstRangeEnd! / 2);
    tampered[position] = tampered[position]! ^ 0x01;

    const report = await pdfsig(tampered, 'tampered.pdf');
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('holds a baseline B-B CMS: signing-certificate-v2, no signing-time, the doctor and CA certificates', () => {
    const [, contentsStart, contentsEnd] = byteRangeOf(signed);
    // The zeros that pad /Contents follow the DER and are not read.
    const cms = pkijs.ContentInfo.fromBER(Buffer.from(signed.subarray(contentsStart! + 1, contentsEnd! - 1).toString('latin1'), 'hex'));
    const signedData = new pkijs.SignedData({ schema: cms.content });
    const attributeTypes = signedData.signerInfos[0]!.signedAttrs!.attributes.map((attribute) => attribute.type);
    expect(attributeTypes).toEqual(['1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4', '1.2.840.113549.1.9.16.2.47']);
    expect(attributeTypes).not.toContain('1.2.840.113549.1.9.5');
    expect(signedData.certificates).toHaveLength(2);
  });
});
