import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { particularInsurerSlug } from './prescription-form.ts';

/** Said before emitting: a prescription without coverage is one the doctor chose so (docs/decisions/038). */
export function ParticularCoverageNotice({ insurerSlug }: { insurerSlug: string }) {
  const { t } = useTranslation();
  if (insurerSlug !== particularInsurerSlug) return null;
  return <Alert severity="info">{t('coverage.particular')}</Alert>;
}
