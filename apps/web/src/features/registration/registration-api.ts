import type { DoctorRegistration } from '@receta/domain';
import { api } from '../../lib/api-client.ts';

export async function verifyInformation(information: Record<'dni' | 'phoneNumber' | 'cuit', string>): Promise<void> {
  await api.request('/api/auth/register/doctors/verify-information', { method: 'POST', body: information });
}

/** Step 2 goes on only when no account has the email. */
export async function verifyEmail(email: string): Promise<void> {
  await api.request('/api/auth/register/doctors/verify-email', { method: 'POST', body: { email } });
}

export async function registerDoctor(registration: DoctorRegistration): Promise<void> {
  await api.request('/api/auth/register/doctors', { method: 'POST', body: registration });
}
