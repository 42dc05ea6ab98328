import { messages, type Profile } from '@receta/domain';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin-page.tsx';
import { LoadedResource } from '../../components/loaded-resource.tsx';
import { useSession } from '../../lib/session.tsx';
import { PersonalSection } from './personal-section.tsx';
import { PhotoSection } from './photo-section.tsx';
import { ProfessionalSection } from './professional-section.tsx';
import { useProfile } from './profile-api.ts';
import { SecuritySection } from './security-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

/** `/myProfile`: every signed-in user's own data, photo, security and sessions. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <AdminPage title={t('profile.title')} lead={t('profile.lead')} maxWidth={960}>
      <LoadedResource query={profile} notFound={messages.common.notFound}>
        {(data) => <ProfileSections profile={data} />}
      </LoadedResource>
    </AdminPage>
  );
}

function ProfileSections({ profile }: { profile: Profile }) {
  const { user } = useSession();
  return (
    <Stack spacing={3}>
      <PersonalSection profile={profile} />
      {profile.doctor && <ProfessionalSection doctor={profile.doctor} />}
      {user && <PhotoSection user={user} />}
      <SecuritySection profile={profile} />
      <SessionsSection />
    </Stack>
  );
}
