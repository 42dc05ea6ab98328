import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { findByteRange, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import {
  PDFContentStream, PDFDict, PDFName, PDFRawStream, PDFString, type PDFDocument, type PDFPage,
} from 'pdf-lib';
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

/** Where a signature shows on the page: the rectangle [x1, y1, x2, y2] its widget covers. */
export interface SignatureWidget {
  page: PDFPage;
  rect: [number, number, number, number];
}

/**
 * Signs a document built with pdf-lib as PAdES baseline B-B: a signature field whose /Contents
 * holds a detached CAdES SignedData (subfilter ETSI.CAdES.detached) over every byte of the
 * file but itself. The field's widget covers `widget`, where the page shows the signature, so
 * that a PDF reader opens the signature's details there. The document is saved once, signed.
 */
export async function signPdfDocument(
  doc: PDFDocument, signer: Signer, details: SignatureDetails, widget: SignatureWidget,
): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfPage: widget.page,
    widgetRect: widget.rect,
    reason: details.reason,
    location: details.location,
    name: details.name,
    contactInfo: details.contactInfo ?? '',
    signingTime: details.signingTime,
    signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // Named as the signatures of uploaded PDFs are (uploaded-pdf.ts): readers list it by this name.
  const annotations = widget.page.node.Annots()!;
  doc.context.lookup(annotations.get(annotations.size() - 1), PDFDict).set(PDFName.of('T'), PDFString.of('Firma 1'));
  const prepared = Buffer.from(await savePdf(doc));
  return fillSignature(prepared, (digest) => signCadesDetached(digest, signer));
}

/**
 * Saves without object streams, so that the signature dictionary stays plain text where it
 * can be filled in, and without pausing for the event loop every 50 objects. The pages'
 * contents are compressed already (PageFlow); the one content stream pdf-lib made, the
 * widget's empty appearance, is written as it is rather than through pdf-lib's JavaScript
 * deflate, whose set-up alone costs more than the rest of the save.
 */
function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  const { context } = doc;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) {
      context.assign(ref, PDFRawStream.of(object.dict, object.getUnencodedContents()));
    }
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
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
