import Box from '@mui/material/Box';

/**
 * The mail's HTML in a sandbox without scripts, forms or same-origin access: the mail is
 * shown as a mail client would. Popups are allowed, and a <base> makes every link open in a
 * new tab, so that its links can be followed.
 */
export function MailHtmlPreview({ html, title }: { html: string; title: string }) {
  return (
    <Box
      component="iframe"
      title={title}
      srcDoc={withLinksInNewTabs(html)}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}

/** Puts the <base> right after <html>, where the parser files it under <head>, keeping the doctype first. */
function withLinksInNewTabs(html: string): string {
  const base = '<base target="_blank">';
  const withBase = html.replace(/<html[^>]*>/i, (tag) => `${tag}${base}`);
  return withBase === html ? `${base}${html}` : withBase;
}
