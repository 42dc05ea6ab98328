/** The disposition with the file's name: a plain ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 8187). */
function dispositionOf(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) =>
    `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * `inline` with the file's name, readable by every browser, so "Título Médico.pdf" survives
 * the download.
 */
export function inlineDisposition(name: string): string {
  return dispositionOf('inline', name);
}

/** `attachment` with the file's name: the browser saves the file instead of showing it. */
export function attachmentDisposition(name: string): string {
  return dispositionOf('attachment', name);
}
