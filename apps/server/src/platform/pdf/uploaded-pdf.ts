import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfString, type PDFPage, type PdfRef } from '@libpdf/core';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { limits, messages } from '@receta/domain';
import { sniffContentType } from '../files/content-type.ts';
import { AppError } from '../http/app-error.ts';
import { signCadesDetached, type Signer } from '../pki/index.ts';
import { fillSignature, signatureLength, type SignatureDetails } from './pades.ts';

const notAPdf = () => new AppError('invalid_data', messages.oauth.notAPdf, 'notAPdf');

/** A PDF an integrator uploaded, checked to be one that can be signed; sign it once. */
export interface UploadedPdf {
  bytes: Uint8Array;
  document: PDF;
}

/**
 * Reads an upload to be signed, refusing (in Spanish) a file over 5 MB, one that is not a PDF
 * by its content, an encrypted one, and one that could only be rewritten, not appended to.
 * Separate from signing so that a refused file costs the doctor no PIN approval.
 */
export async function readUploadedPdf(bytes: Uint8Array): Promise<UploadedPdf> {
  if (bytes.length > limits.uploadMaxBytes) {
    throw new AppError('payload_too_large', messages.oauth.pdfTooLarge, 'pdfTooLarge');
  }
  if (sniffContentType(bytes)?.contentType !== 'application/pdf') throw notAPdf();
  let document: PDF;
  try {
    document = await PDF.load(bytes);
  } catch {
    throw notAPdf();
  }
  // Even without a user password (owner-only protection) every string the update adds would
  // have to be encrypted too, and the author locked the document: refused as a whole.
  if (document.isEncrypted) throw new AppError('invalid_data', messages.oauth.pdfEncrypted, 'pdfEncrypted');
  // A file libpdf had to rebuild by scanning has no cross-reference an update could extend.
  if (document.recoveredViaBruteForce || document.getPageCount() === 0) throw notAPdf();
  if (document.isLinearized) appendToLinearized(document);
  return { bytes, document };
}

/**
 * Signs an uploaded PDF as PAdES baseline B-B, appended as an incremental update: the
 * original bytes stay as they were, so a signature already in the file stays valid. The
 * signature is the same detached CAdES that `signPdf` writes.
 */
export async function signUploadedPdf(
  upload: UploadedPdf, signer: Signer, details: SignatureDetails,
): Promise<Uint8Array> {
  addSignaturePlaceholder(upload.document, details);
  const prepared = Buffer.from(await upload.document.save({ incremental: true }));
  // libpdf falls back to rewriting the whole file when it cannot append, which would break
  // every signature already in it: only an untouched prefix is accepted.
  if (!prepared.subarray(0, upload.bytes.length).equals(upload.bytes)) {
    throw new Error('The signature was not appended as an incremental update');
  }
  return fillSignature(prepared, (digest) => signCadesDetached(digest, signer));
}

/**
 * An incremental update to a linearized file is a valid PDF (ISO 32000-1 annex F: readers
 * see the linearization no longer matches and read the file as any other); libpdf 0.4 would
 * rewrite the whole file instead, which breaks an earlier signature. It decides by this flag alone.
 */
function appendToLinearized(pdf: PDF): void {
  Object.defineProperty(pdf, 'isLinearized', { value: false });
}

/**
 * An invisible signature field on the first page whose value is a signature dictionary with
 * room for the CMS, in the shape `fillSignature` completes: the /ByteRange placeholder first,
 * /Contents after it, both as long as what will replace them.
 */
function addSignaturePlaceholder(pdf: PDF, details: SignatureDetails): void {
  const placeholder = PdfName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  const signature = PdfDict.of({
    Type: PdfName.of('Sig'),
    Filter: PdfName.of('Adobe.PPKLite'),
    SubFilter: PdfName.of(SUBFILTER_ETSI_CADES_DETACHED),
    ByteRange: new PdfArray([PdfNumber.of(0), placeholder, placeholder, placeholder]),
    Contents: PdfString.fromBytes(new Uint8Array(signatureLength / 2)),
    M: PdfString.fromString(pdfDate(details.signingTime ?? new Date())),
    Name: PdfString.fromString(details.name),
    Reason: PdfString.fromString(details.reason),
    Location: PdfString.fromString(details.location),
  });
  if (details.contactInfo) signature.set('ContactInfo', PdfString.fromString(details.contactInfo));

  const form = pdf.getOrCreateForm();
  const taken = new Set(form.getFields().map((field) => field.name));
  let number = 1;
  while (taken.has(`Firma ${number}`)) number += 1;
  const firstPage = pdf.getPage(0)!;
  // One dictionary as both the field and its widget, of no size, printed and locked (flags
  // 4 + 128), as signing tools write an invisible signature.
  const signatureField = form.createSignatureField(`Firma ${number}`);
  const field = signatureField.getDict();
  field.delete('Kids');
  field.set('V', pdf.register(signature));
  field.set('Type', PdfName.of('Annot'));
  field.set('Subtype', PdfName.of('Widget'));
  field.set('F', PdfNumber.of(132));
  field.set('P', firstPage.ref);
  field.set('Rect', new PdfArray([0, 0, 0, 0].map((value) => PdfNumber.of(value))));
  addAnnotation(pdf, firstPage, signatureField.getRef()!);
}

/** Lists a widget among its page's annotations, whether /Annots is inline, indirect or missing. */
function addAnnotation(pdf: PDF, page: PDFPage, widget: PdfRef): void {
  const annotations = page.dict.getArray('Annots', (ref) => pdf.getObject(ref));
  if (annotations) annotations.push(widget);
  else page.dict.set('Annots', new PdfArray([widget]));
}

/** A PDF date (ISO 32000-1 section 7.9.4) in UTC. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}
