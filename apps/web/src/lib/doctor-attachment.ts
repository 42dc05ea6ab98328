import { limits, messages, UploadedAttachmentSchema } from '@receta/domain';
import { useState } from 'react';
import { api, ApiRequestError } from './api-client.ts';

/** What a file picker offers first (spec section 9); the check before the upload is what decides. */
export const attachmentAccept = 'application/pdf,image/png,image/jpeg';

/**
 * A file chosen in a picker, uploaded at once through the product's one upload endpoint.
 * `purpose` names the file on the server, such as the registration document or 'certificate'.
 * While it uploads, `progress` is the share sent; `failure` is the spec's message for a refusal.
 */
export function useAttachmentUpload(purpose: string, onUploaded: (location: string, file: File) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function upload(file: File) {
    const refusal = refusalOf(file);
    setFailure(refusal);
    if (refusal) return;
    setProgress(0);
    try {
      onUploaded(await uploadDoctorAttachment(purpose, file, setProgress), file);
    } catch (error) {
      setFailure(uploadFailureOf(error));
    } finally {
      setProgress(null);
    }
  }

  return { progress, failure, upload };
}

/** Spec section 5: the extension and size are checked before anything is sent. */
function refusalOf(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(limits.uploadExtensions as readonly string[]).includes(extension)) return messages.upload.invalidExtension;
  if (file.size > limits.uploadMaxBytes) return messages.upload.tooLarge;
  return null;
}

async function uploadDoctorAttachment(
  purpose: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<string> {
  const body = new FormData();
  // Spec section 7: the part is named doctorAttachment and the file carries a timestamp and its purpose.
  body.append('doctorAttachment', file, `${Date.now()}_${purpose}_${file.name}`);
  const answer = UploadedAttachmentSchema.parse(await api.upload('/api/doctors/uploadFile', body, { onProgress }));
  return answer.attachment.location;
}

/** The spec's upload messages for a refused upload (section 8, "Registration and uploads"). */
function uploadFailureOf(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return messages.upload.uploadFail;
  if (error.errorCode === 'invalidExtension') return messages.upload.invalidExtension;
  if (error.errorCode === 'fileTooLarge') return messages.upload.tooLarge;
  return messages.upload.uploadFail;
}
