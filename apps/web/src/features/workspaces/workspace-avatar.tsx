import Avatar from '@mui/material/Avatar';
import { useProtectedFile } from '../../lib/protected-file.ts';

/**
 * A workspace's image, fetched with the session's token because the server shows it to its
 * members only; its initial while it loads or when there is none. Hidden from screen readers:
 * the name always stands beside it.
 */
export function WorkspaceAvatar({ name, avatarUri, size = 28 }: {
  name: string;
  avatarUri: string | null;
  size?: number;
}) {
  const image = useProtectedFile(avatarUri);
  return (
    <Avatar aria-hidden src={image.data?.imageSource ?? undefined} alt="" sx={{ width: size, height: size, fontSize: size * 0.5 }}>
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
