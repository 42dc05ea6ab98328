import type { UserSession } from '@receta/domain';
import Avatar from '@mui/material/Avatar';
import { useProtectedFile } from '../lib/protected-file.ts';

/**
 * A photo this server stores (`/api/files/...`) is shown only with the session's token, so it
 * is fetched with it; any other address is left to the browser, so that the token never
 * travels to another host.
 */
function storedPhotoOf(photoURL: string | null): string | null {
  return photoURL?.startsWith('/api/') ? photoURL : null;
}

const defaultPhoto = `${import.meta.env.BASE_URL}images/default-avatar.svg`;

/** Spec section 2: the user's photo, or the default image while it loads, when it fails or when there is none. */
export function UserAvatar({ user, size = 32 }: {
  user: { data: Pick<UserSession['data'], 'photoURL'> };
  size?: number;
}) {
  const { photoURL } = user.data;
  const storedPhoto = storedPhotoOf(photoURL);
  const stored = useProtectedFile(storedPhoto);
  const source = storedPhoto === null ? photoURL : stored.data?.imageSource;
  return (
    <Avatar src={source ?? defaultPhoto} alt="" sx={{ width: size, height: size }}>
      <img src={defaultPhoto} alt="" width={size} height={size} />
    </Avatar>
  );
}
