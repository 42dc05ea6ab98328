import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page.tsx';
import { privacyContent } from './privacy-content.ts';

export function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('legal.privacyTitle')} document={privacyContent} />;
}
