import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { findByteRange, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { signCadesDetached, type Signer } from '../pki/index.ts';

/**
 * Room for the CMS in hexadecimal digits (8 kB): the two certificates and the signature
 * take about 1.5 kB; a timestamp token, when one is added, fits too.
 */
export const signatureLength = 16384;

export interface SignatureDetails {
  reason: string;
  location: string;
  /** The signer's name as PDF readers show it. */
  name: string;
  contactInfo?: string;
  /** The time the signature claims (the dictionary's /M); now by default. */
  signingTime?: Date;
}

/**
 * Signs a PDF as PAdES baseline B-B: a signature field whose /Contents holds a detached
 * CAdES SignedData (subfilter ETSI.CAdES.detached) over every byte of the file but itself.
 */
export async function signPdf(pdf: Uint8Array, signer: Signer, details: SignatureDetails): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: details.reason,
    location: details.location,
    name: details.name,
    contactInfo: details.contactInfo ?? '',
    signingTime: details.signingTime,
    signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // Without object streams the signature dictionary stays plain text, where it can be filled in.
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return fillSignature(prepared, (digest) => signCadesDetached(digest, signer));
}

/**
 * Writes the real /ByteRange over its placeholder, hashes the bytes it names and writes the
 * signature into /Contents, in place: both placeholders are as long as what replaces them.
 */
export function fillSignature(pdf: Buffer, sign: (digest: Uint8Array) => Uint8Array): Buffer {
  const { byteRangePlaceholder, byteRangePlaceholderPosition } = findByteRange(pdf);
  if (byteRangePlaceholder === undefined || byteRangePlaceholderPosition === undefined) {
    throw new Error('The PDF has no signature placeholder');
  }
  const contentsStart = pdf.indexOf('<', pdf.indexOf('/Contents ', byteRangePlaceholderPosition));
  const contentsEnd = pdf.indexOf('>', contentsStart) + 1;
  const byteRange = `/ByteRange [0 ${contentsStart} ${contentsEnd} ${pdf.length - contentsEnd}]`;
  pdf.write(byteRange.padEnd(byteRangePlaceholder.length, ' '), byteRangePlaceholderPosition, 'latin1');

  const digest = createHash('sha256').update(pdf.subarray(0, contentsStart)).update(pdf.subarray(contentsEnd)).digest();
  const signature = Buffer.from(sign(digest)).toString('hex');
  const room = contentsEnd - contentsStart - 2;
  if (signature.length > room) throw new Error(`The signature needs ${signature.length} hex digits, the PDF has room for ${room}`);
  pdf.write(signature.padEnd(room, '0'), contentsStart + 1, 'latin1');
  return pdf;
}
