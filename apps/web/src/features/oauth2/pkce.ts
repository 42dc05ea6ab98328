/** A PKCE verifier and its S256 challenge (RFC 7636 sections 4.1 and 4.2), made with Web Crypto. */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64Url(new Uint8Array(digest)) };
}

/** Spec section 9: the demo's state value has 16 digits, each drawn without bias. */
export function randomDigits(count: number): string {
  let digits = '';
  while (digits.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count))) {
      // 250 is the largest multiple of 10 under 256: bytes above it would favour 0 to 5.
      if (byte < 250 && digits.length < count) digits += String(byte % 10);
    }
  }
  return digits;
}

/** The hexadecimal SHA-256 of a file's bytes, as the PIN step binds the approval to it. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  // Through a view: a bare ArrayBuffer from another realm (jsdom's Blob) is refused by Node's Web Crypto.
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
