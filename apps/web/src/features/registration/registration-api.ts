import {
  JurisdictionListSchema,
  ProfessionListSchema,
  SpecialtyListSchema,
  UploadedAttachmentSchema,
  type AttachmentField,
  type DoctorRegistration,
} from '@receta/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

// The lists change with a data release, not while someone fills in the wizard.
const lookupFreshness = { staleTime: Infinity, gcTime: Infinity } as const;

export function useSpecialties() {
  return useQuery({
    queryKey: ['lookups', 'specialties'],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/specialty', { schema: SpecialtyListSchema, signal });
      return answer.payload;
    },
    ...lookupFreshness,
  });
}

export function useJurisdictions() {
  return useQuery({
    queryKey: ['lookups', 'jurisdictions'],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/jurisdictions', { schema: JurisdictionListSchema, signal });
      return answer.payload;
    },
    ...lookupFreshness,
  });
}

export function useProfessions() {
  return useQuery({
    queryKey: ['lookups', 'professions'],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/professions/refeps', { schema: ProfessionListSchema, signal });
      return answer.payload;
    },
    ...lookupFreshness,
  });
}

/** Step 1 goes on only when the server finds the DNI, phone and CUIT acceptable. */
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
