import { product } from '@receta/domain';

export interface MailContent {
  subject: string;
  /** The opening line, e.g. "Hola, Ana:". */
  greeting: string;
  paragraphs: string[];
  /** The one button of the mail, when it carries a link. */
  action?: { label: string; url: string };
  /** A line under the button, e.g. how long the link works. */
  note?: string;
}

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Lays a mail out in Spanish as HTML and as plain text with the same words, so that it reads
 * well in any mail client and the link can always be copied.
 */
export function composeMail(content: MailContent): ComposedMail {
  const footer = `${product.name}: plataforma de receta electrónica. Consultas: ${product.supportEmail}`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#00695c;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#555">Si el botón no funciona, copie este enlace en su navegador:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
${content.note ? `<p style="font-size:13px;color:#555">${escapeHtml(content.note)}</p>` : ''}
<hr style="border:none;border-top:1px solid #ddd;margin-top:32px">
<p style="font-size:12px;color:#777">${escapeHtml(footer)}</p>
</body></html>`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.note ? [content.note, ''] : []),
    '--',
    footer,
  ].join('\n');
  return { subject: content.subject, html, text };
}
