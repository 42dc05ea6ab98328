import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page.tsx';
import { termsContent } from './terms-content.ts';

export function TermsPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('legal.termsTitle')} document={termsContent} />;
}
