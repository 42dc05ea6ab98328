import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';

const sizePx = 200;

/**
 * A QR code drawn in the browser, so that the second-factor secret never leaves the page. It
 * is an SVG in a data: address, which the server's content security policy allows for images.
 */
export function QrCodeImage({ value, label }: { value: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    // Loaded on demand: only a first login needs it, and it is a fifth of the vendor bundle.
    void import('qrcode')
      .then((qrcode) => qrcode.default.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (isCurrent) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      isCurrent = false;
    };
  }, [value]);

  if (source === null) return <Skeleton variant="rectangular" width={sizePx} height={sizePx} />;
  return <Box component="img" src={source} alt={label} sx={{ width: sizePx, height: sizePx, bgcolor: '#fff', display: 'block' }} />;
}
