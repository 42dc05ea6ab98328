import Link from '@mui/material/Link';
import { Fragment } from 'react';

const urlPattern = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its web addresses as links that open in a new tab. */
export function LinkifiedText({ text }: { text: string }) {
  const pieces = text.split(urlPattern);
  return (
    <>
      {pieces.map((piece, index) => (
        // Odd pieces are the captured addresses; split keeps them between the text around them.
        <Fragment key={index}>
          {index % 2 === 1
            ? (
                <Link href={piece} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                  {piece}
                </Link>
              )
            : piece}
        </Fragment>
      ))}
    </>
  );
}
