/** A file type the platform accepts, recognised by its first bytes. */
export interface SniffedType {
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  extension: 'png' | 'jpg' | 'pdf';
}

const signatures: { bytes: number[]; type: SniffedType }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { contentType: 'image/png', extension: 'png' } },
  { bytes: [0xff, 0xd8, 0xff], type: { contentType: 'image/jpeg', extension: 'jpg' } },
  // '%PDF-'
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { contentType: 'application/pdf', extension: 'pdf' } },
];

/**
 * The type of a file by its content (PNG, JPEG or PDF), or null for anything else. The name
 * and the declared type come from the client and prove nothing: a script renamed `.pdf` must
 * not be stored and later served as a document.
 */
export function sniffContentType(content: Uint8Array): SniffedType | null {
  const match = signatures.find(({ bytes }) => bytes.every((byte, index) => content[index] === byte));
  return match?.type ?? null;
}
