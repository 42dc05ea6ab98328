import { messages, type DuplicateMedication, type Prescription } from '@receta/domain';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorCodeOf, errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { serverFieldErrors, type PrescriptionFormOutput, type PrescriptionFormValues } from './prescription-form.ts';
import { findDuplicateMedications, useCreatePrescription, useUpdatePrescription } from './prescriptions-api.ts';

interface PendingSubmission {
  input: PrescriptionFormOutput;
  duplicates: DuplicateMedication[];
}

/**
 * Sends the prescription form: before sending it asks the server whether a medicine repeats one
 * still valid for the patient, and sends only once the doctor confirms. A refusal goes onto the
 * fields it names, or above the form when it names none.
 */
export function usePrescriptionSubmission({ prescription, setError }: {
  prescription: Prescription | null;
  setError: UseFormSetError<PrescriptionFormValues>;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [pending, setPending] = useState<PendingSubmission | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const createPrescription = useCreatePrescription();
  const updatePrescription = useUpdatePrescription(prescription?.id ?? '');
  const isEdit = prescription !== null;

  /** The form's submit: the duplicates check, then the sending or the doctor's confirmation. */
  async function check(input: PrescriptionFormOutput) {
    setServerError(null);
    try {
      const duplicates = await findDuplicateMedications({
        patientId: input.patientId,
        items: input.items.map(({ medicationId, genericName }) => ({ medicationId, genericName })),
        excludePrescriptionId: prescription?.id,
      });
      if (duplicates.length > 0) setPending({ input, duplicates });
      else await send(input, false);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  async function send(input: PrescriptionFormOutput, confirmDuplicates: boolean) {
    try {
      const body = { ...input, confirmDuplicates };
      // Only the create schema keeps the type: an edit's body has none (its type and series stay).
      const saved = 'type' in body
        ? await createPrescription.mutateAsync(body)
        : await updatePrescription.mutateAsync(body);
      setPending(null);
      notify({ message: isEdit ? messages.prescriptions.edited : messages.prescriptions.created, variant: 'success' });
      await navigate(paths.prescription.getHref(prescription?.id ?? saved.prescriptions[0]?.id ?? ''));
    } catch (error) {
      // Someone issued the same medicine since the check: the doctor decides once more.
      if (errorCodeOf(error) === 'duplicateMedication' && !confirmDuplicates) {
        setPending({ input, duplicates: [] });
        return;
      }
      setPending(null);
      const fieldErrors = serverFieldErrors(error);
      fieldErrors.forEach(({ field, message }, index) => setError(field, { message }, { shouldFocus: index === 0 }));
      if (fieldErrors.length === 0) setServerError(errorMessageOf(error));
      notify({ message: isEdit ? messages.prescriptions.notEdited : messages.prescriptions.notCreated, variant: 'error' });
    }
  }

  return {
    check,
    /** A refusal that names no field, shown above the form. */
    serverError,
    /** The repeated medicines the doctor is asked about; null while nothing is asked. */
    duplicates: pending?.duplicates ?? null,
    isSending: createPrescription.isPending || updatePrescription.isPending,
    cancelDuplicates: () => setPending(null),
    confirmDuplicates: () => pending && void send(pending.input, true),
  };
}
