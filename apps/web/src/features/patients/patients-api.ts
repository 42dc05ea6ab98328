import {
  PatientPageSchema, PatientSchema, PatientsRemovedSchema, type Patient, type PatientInput, type PatientsQuery,
} from '@receta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useDeleteRows, useResource, useResourcePage } from '../../lib/resource-api.ts';

export const patientsKey = ['patients'] as const;
export type PatientSort = NonNullable<PatientsQuery['sort']>;

const patientPath = (id: string) => `/api/patients/${encodeURIComponent(id)}`;

export function usePatients(query: PatientsQuery) {
  return useResourcePage(patientsKey, '/api/patients', PatientPageSchema, query);
}

/** A patient; with a null id (not known yet) nothing is requested until it is. */
export function usePatient(id: string | null) {
  return useResource(patientsKey, patientPath(id ?? ''), PatientSchema, { enabled: id !== null });
}

/** The server keeps patients with signed prescriptions; its message says which went. */
export function useDeletePatients() {
  return useDeleteRows(patientsKey, '/api/patients', PatientsRemovedSchema);
}

/** Creates a patient, or updates the one with `id`; answers the patient as the server keeps it. */
export function useSavePatient(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patient: PatientInput) => (id
      ? api.request(patientPath(id), { method: 'PUT', body: patient, schema: PatientSchema })
      : api.request('/api/patients', { method: 'POST', body: patient, schema: PatientSchema })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsKey }),
  });
}

/** The first patients whose last name, name or DNI match `q`; all of them, alphabetically, for none. */
export async function searchPatients(q: string, signal: AbortSignal): Promise<Patient[]> {
  const page = await api.request('/api/patients', { query: { q: q || undefined, pageSize: 10 }, schema: PatientPageSchema, signal });
  return page.items;
}
