import {
  MedicalDetailSchema, MedicalPageSchema, MedicalsRemovedSchema, MessageAnswerSchema,
  type MedicalCreateInput, type MedicalsQuery, type MedicalUpdateInput, type RestrictedAuthorisationInput,
} from '@receta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const medicalsKey = ['medicals'] as const;
export type MedicalSort = NonNullable<MedicalsQuery['sort']>;

const medicalPath = (id: string) => `/api/medicals/${encodeURIComponent(id)}`;

export function useMedicals(query: MedicalsQuery) {
  return useResourcePage(medicalsKey, '/api/medicals', MedicalPageSchema, query);
}

export function useMedical(id: string) {
  return useResource(medicalsKey, medicalPath(id), MedicalDetailSchema);
}

/** Deletes doctors who never worked and deactivates the others; the server's message says which. */
export function useDeleteMedicals() {
  return useDeleteRows(medicalsKey, '/api/medicals', MedicalsRemovedSchema);
}

export function useCreateMedical() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (medic: MedicalCreateInput) => api.request('/api/medicals', { method: 'POST', body: medic, schema: MedicalDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicalsKey }),
  });
}

export function useUpdateMedical(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (medic: MedicalUpdateInput) => api.request(medicalPath(id), { method: 'PUT', body: medic, schema: MedicalDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicalsKey }),
  });
}

/**
 * Records (with the date and the uploaded evidence) or revokes the doctor's authorisation to
 * prescribe legally restricted medicines; the medic is read again from the answer.
 */
export function useRestrictedAuthorisation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'record'; values: RestrictedAuthorisationInput } | { kind: 'revoke' }) =>
      api.request(`${medicalPath(id)}/restricted-authorisation`, change.kind === 'record'
        ? { method: 'PUT', body: change.values, schema: MedicalDetailSchema }
        : { method: 'DELETE', schema: MedicalDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: medicalsKey }),
  });
}

/** Authorizes or suspends a doctor (the authorizeMedic group); answers the server's message. */
export function useReviewMedical(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (review: { decision: 'authorize' } | { decision: 'suspend'; reason?: string }) => {
      const body = review.decision === 'suspend' ? { reason: review.reason } : undefined;
      const answer = await api.request(`${medicalPath(id)}/${review.decision}`, { method: 'POST', body, schema: MessageAnswerSchema });
      return answer.message;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicalsKey }),
  });
}
