import { messages, type Prescription, type RepeatedPrescription } from '@receta/domain';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { translateMessage } from '../../i18n/translate-message.ts';
import { loadErrorMessage } from '../../lib/resource-api.ts';
import { insurerSlugOf } from './prescription-form.ts';
import { useRepeatedPrescription } from './prescriptions-api.ts';

/**
 * "Repetir": the new-prescription form of the prescription's insurer, which loads the
 * prescription to repeat (`?repeat=`) and moves to the patient's current insurer if it changed.
 */
export function repeatPrescriptionHref(prescription: Pick<Prescription, 'id' | 'insurer'>): string {
  const search = new URLSearchParams({ repeat: prescription.id }).toString();
  return `${paths.newPrescription.getHref(insurerSlugOf(prescription.insurer))}?${search}`;
}

/**
 * Loads the prescription to repeat and, once, puts the form on the path of the patient's current
 * insurer; after that the doctor may choose another insurer like on any new prescription.
 */
export function RepeatLoader({ prescriptionId, children }: {
  prescriptionId: string;
  children: (repeated: RepeatedPrescription) => ReactNode;
}) {
  const { t } = useTranslation();
  const { providerSlug } = useParams();
  const location = useLocation();
  const repeated = useRepeatedPrescription(prescriptionId);
  const [isOnCoverage, setIsOnCoverage] = useState(false);
  const target = repeated.data?.insurerSlug;
  // Set while rendering, React's way to remember that the path has reached the patient's insurer.
  if (!isOnCoverage && target !== undefined && target === providerSlug) setIsOnCoverage(true);

  if (repeated.isError) {
    return <Alert severity="error">{translateMessage(t, loadErrorMessage(repeated.error, messages.prescriptions.notFound))}</Alert>;
  }
  if (target === undefined || !repeated.data) return <CircularProgress aria-label={t('repeat.loading')} />;
  if (!isOnCoverage && target !== providerSlug) {
    return <Navigate replace to={{ pathname: paths.newPrescription.getHref(target), search: location.search }} />;
  }
  return children(repeated.data);
}
