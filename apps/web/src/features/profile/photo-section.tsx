import { limits, messages, type UserSession } from '@receta/domain';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FileChooserButton } from '../../components/file-chooser-button.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useChangeAccount, type AccountChange } from './profile-api.ts';
import { ProfileSection } from './profile-section.tsx';

const photoTypes = ['image/png', 'image/jpeg'];

/** Foto: the photo the navbar shows, with a preview, a way to change it and one to remove it. */
export function PhotoSection({ user }: { user: UserSession }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const changeAccount = useChangeAccount();
  const pending = changeAccount.isPending ? changeAccount.variables.kind : null;

  async function change(action: AccountChange) {
    try {
      notify({ message: (await changeAccount.mutateAsync(action)).message, variant: 'success' });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  function choose(file: File) {
    // The server checks the same by the content; asking first saves sending a large file for nothing.
    if (!photoTypes.includes(file.type)) {
      notify({ message: messages.profile.photoInvalid, variant: 'error' });
      return;
    }
    if (file.size > limits.uploadMaxBytes) {
      notify({ message: messages.upload.tooLarge, variant: 'error' });
      return;
    }
    void change({ kind: 'photo', file });
  }

  return (
    <ProfileSection title={t('profile.photo.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <UserAvatar user={user} size={96} />
        <Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <FileChooserButton
              variant="outlined"
              startIcon={<Upload />}
              loading={pending === 'photo'}
              accept={photoTypes.join(',')}
              onFile={choose}
            >
              {t('profile.photo.change')}
            </FileChooserButton>
            {user.data.photoURL && (
              <Button
                variant="text"
                color="error"
                startIcon={<DeleteOutlined />}
                loading={pending === 'removePhoto'}
                onClick={() => void change({ kind: 'removePhoto' })}
              >
                {t('profile.photo.remove')}
              </Button>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('profile.photo.hint')}</Typography>
        </Box>
      </Box>
    </ProfileSection>
  );
}
