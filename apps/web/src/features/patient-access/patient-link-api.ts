import { messages, PatientLinkSchema, type PatientLink } from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const linkPath = (token: string) => `/api/public/patient-links/${encodeURIComponent(token)}`;
const linkKey = (token: string) => ['patient-link', token] as const;

/** `GET /api/public/patient-links/:token`: enough for the patient to recognise the prescription. */
export function usePatientLink(token: string) {
  return useQuery({
    queryKey: linkKey(token),
    queryFn: ({ signal }) => api.request(linkPath(token), { schema: PatientLinkSchema, signal }),
    retry: false,
  });
}

/** Records the patient's acceptance of the terms and the privacy policy, once. */
export function useAcceptPatientLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`${linkPath(token)}/accept`, { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData<PatientLink>(linkKey(token), (link) => link && { ...link, termsAccepted: true });
    },
  });
}

/**
 * The signed PDF. A plain fetch rather than the app's client: the patient has no session, and
 * on a shared computer a doctor's stored token must not travel with the patient's link. A
 * failure is thrown as an Error whose message is one of the spec's.
 */
export async function fetchPrescriptionPdf(token: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${linkPath(token)}/pdf`, { headers: { Accept: 'application/pdf' } });
  } catch {
    throw new Error(messages.common.tryLater);
  }
  if (response.status === 404) throw new Error(messages.patientLinks.invalid);
  if (response.status === 409) throw new Error(messages.patientLinks.cancelled);
  if (!response.ok) throw new Error(messages.common.tryLater);
  return response.blob();
}
