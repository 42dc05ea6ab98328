import { limits, messages, UploadedAttachmentSchema } from '@receta/domain';
import { api, ApiRequestError } from '../../lib/api-client.ts';

/** What the picker offers: the product's upload formats (spec section 9). */
export const certificateAccept = 'application/pdf,image/png,image/jpeg';

/** Spec section 5: the extension and size are checked before anything is sent. */
export function certificateRefusalOf(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(limits.uploadExtensions as readonly string[]).includes(extension)) return messages.upload.invalidExtension;
  if (file.size > limits.uploadMaxBytes) return messages.upload.tooLarge;
  return null;
}

/** Uploads a test certificate through the product's one upload endpoint and answers its location. */
export async function uploadCertificate(file: File, onProgress: (share: number) => void): Promise<string> {
  const body = new FormData();
  body.append('doctorAttachment', file, `${Date.now()}_certificate_${file.name}`);
  const answer = UploadedAttachmentSchema.parse(await api.upload('/api/doctors/uploadFile', body, { onProgress }));
  return answer.attachment.location;
}

/** The spec's upload messages for a refused upload (section 8, "Registration and uploads"). */
export function certificateFailureOf(error: unknown): string {
  if (error instanceof ApiRequestError && error.errorCode === 'invalidExtension') return messages.upload.invalidExtension;
  if (error instanceof ApiRequestError && error.errorCode === 'fileTooLarge') return messages.upload.tooLarge;
  return messages.upload.uploadFail;
}
