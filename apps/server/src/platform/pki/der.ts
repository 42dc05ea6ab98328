/** DER tags the CMS signature writes. */
export const tag = {
  integer: 0x02,
  octetString: 0x04,
  sequence: 0x30,
  set: 0x31,
  /** [0] IMPLICIT, constructed: SignedData's certificates, SignerInfo's signed attributes. */
  contextConstructed0: 0xa0,
} as const;

/** One DER element: its tag, its length and the concatenated contents. */
export function derElement(elementTag: number, ...contents: Uint8Array[]): Uint8Array {
  const length = contents.reduce((sum, part) => sum + part.length, 0);
  const header = [elementTag, ...derLength(length)];
  const element = new Uint8Array(header.length + length);
  element.set(header);
  let offset = header.length;
  for (const part of contents) {
    element.set(part, offset);
    offset += part.length;
  }
  return element;
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}
