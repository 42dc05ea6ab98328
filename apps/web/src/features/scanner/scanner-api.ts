import { DispenseResultSchema, ScannedPrescriptionSchema, type DispenseInput, type DispenseResult } from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { prescriptionsKey } from '../prescriptions/index.ts';

const scannedKey = (code: string) => ['scanner', code] as const;
const prescriptionPath = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}`;

/** `GET /api/scanner/:code`: the whole prescription, its signature check and its dispenses. */
export function useScannedPrescription(code: string) {
  return useQuery({
    queryKey: scannedKey(code),
    queryFn: ({ signal }) => api.request(`/api/scanner/${encodeURIComponent(code)}`, { schema: ScannedPrescriptionSchema, signal }),
    retry: false,
  });
}

/**
 * A change to the dispenses of the scanned prescription. The server answers the prescription
 * as it now is, with the message to show; after a refusal (another pharmacist was quicker) it
 * is read again.
 */
function useDispensingChange<Input>(code: string, send: (input: Input) => Promise<DispenseResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message: _message, ...scanned }) => {
      queryClient.setQueryData(scannedKey(code), scanned);
      void queryClient.invalidateQueries({ queryKey: prescriptionsKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: scannedKey(code) }),
  });
}

/** `POST /api/prescriptions/:id/dispense`, every pending unit or some items' quantities. */
export function useDispense(code: string, prescriptionId: string) {
  return useDispensingChange(code, (input: DispenseInput) => api.request(`${prescriptionPath(prescriptionId)}/dispense`, {
    method: 'POST', body: input, schema: DispenseResultSchema,
  }));
}

/** `POST /api/prescriptions/:id/dispensations/:dispensationId/undo`, same pharmacy, same day. */
export function useUndoDispensation(code: string, prescriptionId: string) {
  return useDispensingChange(code, (dispensationId: string) => api.request(
    `${prescriptionPath(prescriptionId)}/dispensations/${encodeURIComponent(dispensationId)}/undo`,
    { method: 'POST', schema: DispenseResultSchema },
  ));
}
