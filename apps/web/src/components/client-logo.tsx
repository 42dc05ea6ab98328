import Avatar from '@mui/material/Avatar';

/**
 * An external app's logo, from the address it was registered with; its initial when there is
 * none or the image cannot be loaded. Decorative: the app's name is always written beside it.
 */
export function ClientLogo({ name, logoUri, size = 40 }: { name: string; logoUri: string | null; size?: number }) {
  return (
    <Avatar
      src={logoUri ?? undefined}
      alt=""
      variant="rounded"
      slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
      sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'primary.main' }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
