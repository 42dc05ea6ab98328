import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { limits, messages } from '@receta/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSigner, prescriptionToPrint, samplePrescriber } from '../../../test/factories/signing.ts';
import { samplePng } from '../../../test/factories/uploads.ts';
import { pdfsigTrusting, type Pdfsig } from '../../../test/pdfsig.ts';
import { AppError } from '../http/app-error.ts';
import type { Signer } from '../pki/index.ts';
import type { SignatureDetails } from './pades.ts';
import { signPrescriptionPdf } from './prescription-pdf.ts';
import { readUploadedPdf, signUploadedPdf } from './uploaded-pdf.ts';

let directory: string;
let pdfsig: Pdfsig;
let signer: Signer;
/** A second doctor of the same CA, for countersignatures. */
let otherSigner: Signer;

const details: SignatureDetails = { reason: 'Firma de documento', location: 'Argentina', name: 'María José Núñez' };

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-uploaded-pdf-'));
  const first = await createTestSigner(join(directory, 'data'));
  signer = first;
  otherSigner = await createTestSigner(join(directory, 'data'));
  pdfsig = await pdfsigTrusting(first.ca.certificate, directory);
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A two-page report with accents, as another system would send it. */
async function reportPdf(options: { useObjectStreams: boolean }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const page of [1, 2]) {
    doc.addPage().drawText(`Informe de laboratorio, página ${page}`, { x: 50, y: 780, size: 14, font });
  }
  return doc.save(options);
}

async function sign(upload: Uint8Array, by = signer): Promise<Buffer> {
  return Buffer.from(await signUploadedPdf(await readUploadedPdf(upload), by, details));
}

/** The part of pdfsig's report about the signature numbered `number` (from 1). */
function signatureReport(report: string, number: number): string {
  return report.split(/^Signature #\d+:$/m)[number] ?? '';
}

async function refusalOf(upload: Uint8Array): Promise<AppError> {
  const error: unknown = await readUploadedPdf(upload).then(() => undefined, (thrown: unknown) => thrown);
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

describe('signUploadedPdf', () => {
  it.each([
    ['a classic cross-reference table', () => reportPdf({ useObjectStreams: false })],
    ['cross-reference and object streams', () => reportPdf({ useObjectStreams: true })],
    // Made by `qpdf --linearize` from the two-page report above.
    ['a linearized file', () => readFile(new URL('../../../test/files/linearized.pdf', import.meta.url))],
  ])('appends a PAdES signature that pdfsig finds valid and trusted to a PDF with %s', async (_, make) => {
    const original = await make();
    const signed = await sign(original);

    expect(signed.subarray(0, original.length).equals(original)).toBe(true);
    const report = await pdfsig(signed, 'signed.pdf');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain(`Signer Certificate Common Name: ${samplePrescriber.name} ${samplePrescriber.lastName}`);
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
    const reread = await PDF.load(signed);
    expect(reread.getPageCount()).toBe(2);
  });

  it('countersigns a PDF already signed: the first signature stays valid and the second covers it', async () => {
    const prescription = await signPrescriptionPdf(prescriptionToPrint(), {
      signer, signingTime: new Date(), verificationCode: '7K3M9P2QX4T8VW6R', verificationUrl: 'https://receta.example/verify/7K3M9P2QX4T8VW6R',
    });
    const countersigned = await sign(prescription, otherSigner);

    const report = await pdfsig(countersigned, 'countersigned.pdf');
    const first = signatureReport(report, 1);
    const second = signatureReport(report, 2);
    expect(first).toContain('Not total document signed');
    expect(first).toContain('Signature is Valid.');
    expect(first).toContain('Certificate is Trusted.');
    expect(second).toContain('Total document signed');
    expect(second).toContain('Signature is Valid.');
    expect(second).toContain('Certificate is Trusted.');
    expect(first).toContain('Signature Field Name: Firma 1');
    expect(second).toContain('Signature Field Name: Firma 2');
  });

  it('names each new signature field apart when the same file is signed twice', async () => {
    const once = await sign(await reportPdf({ useObjectStreams: true }));
    const twice = await sign(once, otherSigner);

    const report = await pdfsig(twice, 'twice.pdf');
    expect(signatureReport(report, 1)).toContain('Signature Field Name: Firma 1');
    expect(signatureReport(report, 1)).toContain('Signature is Valid.');
    expect(signatureReport(report, 2)).toContain('Signature Field Name: Firma 2');
    expect(signatureReport(report, 2)).toContain('Signature is Valid.');
  });

  it.each([
    ['a user password', { userPassword: 'secreta', ownerPassword: 'dueño' }],
    ['an owner password alone', { ownerPassword: 'dueño' }],
  ])('refuses a PDF encrypted with %s', async (_, protection) => {
    const pdf = await PDF.load(await reportPdf({ useObjectStreams: false }));
    pdf.setProtection(protection);

    const refusal = await refusalOf(await pdf.save());
    expect(refusal.statusCode).toBe(400);
    expect(refusal.message).toBe(messages.oauth.pdfEncrypted);
  });

  it.each([
    ['a PNG image', async () => samplePng],
    ['text that starts like a PDF', async () => Buffer.from('%PDF-1.7\nesto no es un documento\n%%EOF\n')],
    ['a PDF without its first byte', async () => (await reportPdf({ useObjectStreams: false })).subarray(1)],
  ])('refuses %s as not a PDF', async (_, make) => {
    const refusal = await refusalOf(await make());
    expect(refusal.statusCode).toBe(400);
    expect(refusal.message).toBe(messages.oauth.notAPdf);
  });

  it('refuses a file over 5 MB', async () => {
    const refusal = await refusalOf(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(limits.uploadMaxBytes)]));
    expect(refusal.statusCode).toBe(413);
    expect(refusal.message).toBe(messages.oauth.pdfTooLarge);
  });
});
