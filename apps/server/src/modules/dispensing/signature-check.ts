import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { x509 } from '../../platform/pki/x509.ts';

const byteRangePattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

interface SignedParts {
  /** The bytes the signature covers: the whole file but its /Contents. */
  signedBytes: Uint8Array;
  cms: Uint8Array;
}

/**
 * The one signature of a PDF the platform signed. Anything else is refused: a second
 * signature or a range that leaves bytes out would let an incremental update change what
 * the pharmacy reads while the first signature still verifies.
 */
function signedPartsOf(pdf: Buffer): SignedParts | null {
  const ranges = [...pdf.toString('latin1').matchAll(byteRangePattern)];
  const [range] = ranges;
  if (ranges.length !== 1 || !range) return null;
  const [start = -1, firstLength = 0, secondStart = 0, secondLength = 0] = range.slice(1, 5).map(Number);
  const contentsStart = start + firstLength;
  const coversWholeFile = start === 0 && contentsStart < secondStart && secondStart + secondLength === pdf.length;
  if (!coversWholeFile || pdf[contentsStart] !== 0x3c || pdf[secondStart - 1] !== 0x3e) return null;
  const hex = pdf.subarray(contentsStart + 1, secondStart - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return null;
  return {
    signedBytes: Buffer.concat([pdf.subarray(0, contentsStart), pdf.subarray(secondStart)]),
    // The hexadecimal is padded with zeros after the DER, which the parser leaves unread.
    cms: Buffer.from(hex, 'hex'),
  };
}

/**
 * Checks a PAdES signature again, as a pharmacy's reader would: the SHA-256 of the signed
 * range matches the CMS message digest, the CMS signature verifies with the embedded
 * certificate, and that certificate chains to the platform CA on `at`. Answers the signer's
 * certificate (DER) when all hold, else null; it never throws for a bad file.
 */
export async function verifyPdfSignature(
  pdf: Uint8Array, platformCa: x509.X509Certificate, at: Date,
): Promise<Uint8Array | null> {
  const parts = signedPartsOf(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  if (!parts) return null;
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(parts.cms);
    if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) return null;
    const signedData = new pkijs.SignedData({ schema: contentInfo.content as asn1js.Sequence });
    if (signedData.signerInfos.length !== 1) return null;
    const result = await signedData.verify({
      signer: 0,
      data: toArrayBuffer(parts.signedBytes),
      trustedCerts: [pkijs.Certificate.fromBER(platformCa.rawData)],
      checkChain: true,
      checkDate: at,
      extendedMode: true,
    });
    if (!result.signatureVerified || !result.signerCertificateVerified || !result.signerCertificate) return null;
    return new Uint8Array(result.signerCertificate.toSchema().toBER());
  } catch {
    // pkijs throws for every failed check (digest, signature, chain) and for malformed DER alike.
    return null;
  }
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
