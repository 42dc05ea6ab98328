import type { Control } from 'react-hook-form';
import { PersonalDataFields } from '../../components/personal-data-fields.tsx';
import type { RegistrationForm } from './registration-form.ts';

/** Step 1: personal data (spec section 3). */
export function PersonalDataStep({ control }: { control: Control<RegistrationForm> }) {
  return <PersonalDataFields control={control} />;
}
