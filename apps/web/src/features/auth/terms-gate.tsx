import { messages } from '@receta/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from '../../components/legal-links.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { acceptTerms } from './auth-api.ts';
import { useLogout } from './use-logout.ts';

/**
 * Stands in front of every page until the signed-in user has accepted the terms and the
 * privacy policy (spec sections 3 and 4); the legal pages stay readable in a new tab.
 */
export function TermsGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user === null || user.termsAndConditions !== null) return children;
  return <TermsAcceptance />;
}

function TermsAcceptance() {
  const { t } = useTranslation();
  const notify = useNotify();
  const logout = useLogout();
  const { user, updateUser } = useSession();
  const [isSending, setIsSending] = useState(false);

  async function accept() {
    if (!user) return;
    setIsSending(true);
    try {
      updateUser({ ...user, termsAndConditions: await acceptTerms() });
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
      setIsSending(false);
    }
  }

  return (
    <PageCard title={t('terms.title')} lead={translateMessage(t, messages.auth.termsRequired)} maxWidth={560}>
      <LegalLinks />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={() => void logout()}>{t('userMenu.logout')}</Button>
        <Button variant="contained" onClick={() => void accept()} loading={isSending}>
          {t('terms.accept')}
        </Button>
      </Stack>
    </PageCard>
  );
}
