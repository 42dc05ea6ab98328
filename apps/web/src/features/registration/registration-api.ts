import {
  UploadedAttachmentSchema,
  type AttachmentField,
  type DoctorRegistration,
} from '@receta/domain';
import { api } from '../../lib/api-client.ts';

export async function verifyInformation(information: Record<'dni' | 'phoneNumber' | 'cuit', string>): Promise<void> {
  await api.request('/api/auth/register/doctors/verify-information', { method: 'POST', body: information });
}

/** Step 2 goes on only when no account has the email. */
export async function verifyEmail(email: string): Promise<void> {
  await api.request('/api/auth/register/doctors/verify-email', { method: 'POST', body: { email } });
}

/** Uploads one document of step 3 and answers where the server keeps it. */
export async function uploadAttachment(
  field: AttachmentField,
  file: File,
  onProgress: (share: number) => void,
): Promise<string> {
  const body = new FormData();
  // Spec section 7: the part is named doctorAttachment and the file carries a timestamp and the field.
  body.append('doctorAttachment', file, `${Date.now()}_${field}_${file.name}`);
  const answer = UploadedAttachmentSchema.parse(await api.upload('/api/doctors/uploadFile', body, { onProgress }));
  return answer.attachment.location;
}

export async function registerDoctor(registration: DoctorRegistration): Promise<void> {
  await api.request('/api/auth/register/doctors', { method: 'POST', body: registration });
}
