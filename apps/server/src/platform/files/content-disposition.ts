/**
 * `inline` with the file's name, readable by every browser: a plain ASCII fallback and the
 * exact UTF-8 name (RFC 6266 / RFC 8187), so "Título Médico.pdf" survives the download.
 */
export function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) =>
    `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
