import {
  DuplicateCheckResultSchema, InsurerSummarySchema, MessageAnswerSchema, PatientLinkHandoverSchema,
  PrescriptionEventsSchema,
  PrescriptionPageSchema, PrescriptionSchema, PrescriptionsCreatedSchema, PrescriptionsEditedSchema,
  PrescriptionsRemovedSchema, PrescriptionsSignedSchema, RepeatedPrescriptionSchema,
  type CancelPrescriptionInput, type DuplicateCheckInput, type Prescription, type PrescriptionInput,
  type PrescriptionsQuery, type PrescriptionUpdateInput, type SignPrescriptionsInput,
} from '@receta/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { saveFile } from '../../lib/protected-file.ts';
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

/** Signs one draft by its own route, or several with one PIN check for the whole batch. */
export function useSignPrescriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, pin }: SignPrescriptionsInput) => (ids.length === 1
      ? api.request(`${prescriptionPath(ids[0]!)}/sign`, { method: 'POST', body: { pin }, schema: PrescriptionsSignedSchema })
      : api.request('/api/prescriptions/sign', { method: 'POST', body: { ids, pin }, schema: PrescriptionsSignedSchema })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsKey }),
  });
}

/** Anuls a signed prescription that no pharmacy has dispensed yet; answers the server's message. */
export function useCancelPrescription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancellation: CancelPrescriptionInput) => api.request(`${prescriptionPath(id)}/cancel`, {
      method: 'POST', body: cancellation, schema: MessageAnswerSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsKey }),
  });
}

/** Sends the signed prescription to its patient again, by email or SMS. */
export function useSendPrescription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`${prescriptionPath(id)}/send`, { method: 'POST', schema: MessageAnswerSchema }),
    // The send is one more event of the history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsKey }),
  });
}

/** A new link to the doctor's own signed prescription, for the doctor to hand to the patient. */
export function useHandOverPatientLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`${prescriptionPath(id)}/patient-link`, { method: 'POST', schema: PatientLinkHandoverSchema }),
    // Handing a link over is a send of the history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionsKey }),
  });
}

/** What happened to a prescription, oldest first; refreshed with every change of the prescriptions. */
export function usePrescriptionEvents(id: string) {
  return useResource(prescriptionsKey, `${prescriptionPath(id)}/events`, PrescriptionEventsSchema);
}

/** Saves the signed PDF as receta-<number>.pdf; a failure is told in a toast. */
export function useDownloadPrescriptionPdf() {
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ id, number }: Pick<Prescription, 'id' | 'number'>) => {
      saveFile(await api.download(`${prescriptionPath(id)}/pdf`), `receta-${number}.pdf`);
    },
    onError: (error) => notify({ message: errorMessageOf(error), variant: 'error' }),
  });
}

/** The draft's medicines that repeat one still valid for the patient, and those the patient's allergies forbid. */
export function findPrescriptionWarnings(check: DuplicateCheckInput) {
  return api.request('/api/prescriptions/duplicates', { method: 'POST', body: check, schema: DuplicateCheckResultSchema });
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

/** A new prescription's content from a past one, under the patient's current coverage. */
export function useRepeatedPrescription(id: string) {
  return useQuery({
    queryKey: [...prescriptionsKey, 'repeat', id],
    queryFn: ({ signal }) => api.request(`${prescriptionPath(id)}/repeat`, { schema: RepeatedPrescriptionSchema, signal }),
    // Read once per visit: what the doctor then changes in the form stays.
    staleTime: Infinity,
  });
}
