import { messages } from '@receta/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/page-card.tsx';
import { translateMessage } from '../../i18n/translate-message.ts';
import { useSession } from '../../lib/session.tsx';
import { PasswordChangeForm } from './security-section.tsx';

/**
 * Stands in front of every page while the signed-in user's password is older than the
 * platform allows (Disp. DNSISA 1/2025 Annex II, decision 041): the server refuses everything
 * else until it is changed, and the page the user was going to opens once it is.
 */
export function PasswordExpiryGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, updateUser } = useSession();
  if (user === null || !user.passwordExpired) return children;
  return (
    <PageCard title={t('passwordExpiry.title')} lead={translateMessage(t, messages.password.expired)} maxWidth={560}>
      <PasswordChangeForm onChanged={() => updateUser({ ...user, passwordExpired: false })} />
    </PageCard>
  );
}
