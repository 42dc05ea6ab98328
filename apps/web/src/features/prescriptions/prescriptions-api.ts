import {
  DuplicateCheckResultSchema, InsurerSummarySchema, PrescriptionPageSchema, PrescriptionSchema,
  PrescriptionsCreatedSchema, PrescriptionsEditedSchema, PrescriptionsRemovedSchema,
  type DuplicateCheckInput, type PrescriptionInput, type PrescriptionsQuery, type PrescriptionUpdateInput,
} from '@receta/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const prescriptionsKey = ['prescriptions'] as const;
export type PrescriptionSort = NonNullable<PrescriptionsQuery['sort']>;

const prescriptionPath = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}`;

export function usePrescriptions(query: PrescriptionsQuery) {
  return useResourcePage(prescriptionsKey, '/api/prescriptions', PrescriptionPageSchema, query);
}

export function usePrescription(id: string) {
  return useResource(prescriptionsKey, prescriptionPath(id), PrescriptionSchema);
}

/** Only drafts can go; the server's message says when some of the chosen ones were signed. */
export function useDeletePrescriptions() {
  return useDeleteRows(prescriptionsKey, '/api/prescriptions', PrescriptionsRemovedSchema);
}

/** Issues a Receta Única or a whole Receta Crónica series; answers every prescription written. */
export function useCreatePrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prescription: PrescriptionInput) => api.request('/api/prescriptions', {
      method: 'POST', body: prescription, schema: PrescriptionsCreatedSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsKey }),
  });
}

/** Rewrites a draft, or every draft of its Receta Crónica series. */
export function useUpdatePrescription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prescription: PrescriptionUpdateInput) => api.request(prescriptionPath(id), {
      method: 'PUT', body: prescription, schema: PrescriptionsEditedSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsKey }),
  });
}

/** The medicines of the draft that repeat one still valid for the patient. */
export async function findDuplicateMedications(check: DuplicateCheckInput) {
  const answer = await api.request('/api/prescriptions/duplicates', { method: 'POST', body: check, schema: DuplicateCheckResultSchema });
  return answer.duplicates;
}

/**
 * The insurer named by the form's path. It keeps the previous one while the next loads, so
 * that choosing another insurer changes the path without unmounting the form being written.
 */
export function useInsurer(slug: string) {
  return useQuery({
    queryKey: ['insurers', 'slug', slug],
    queryFn: ({ signal }) => api.request(`/api/insurers/${encodeURIComponent(slug)}`, { schema: InsurerSummarySchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
