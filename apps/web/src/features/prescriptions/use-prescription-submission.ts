import { messages, type DuplicateCheckResultSchema, type Prescription } from '@receta/domain';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../config/paths.ts';
import { errorCodeOf, errorMessageOf } from '../../lib/api-client.ts';
import { useNotify } from '../../lib/notify.ts';
import { serverFieldErrors, type PrescriptionFormOutput, type PrescriptionFormValues } from './prescription-form.ts';
import { findPrescriptionWarnings, useCreatePrescription, useUpdatePrescription } from './prescriptions-api.ts';

/** What the doctor is asked to confirm: repeated medicines and the patient's allergies. */
export type PrescriptionWarnings = z.infer<typeof DuplicateCheckResultSchema>;

interface PendingSubmission {
  input: PrescriptionFormOutput;
  warnings: PrescriptionWarnings;
}

/** The refusals a confirmation answers: a medicine issued, or an allergy recorded, since the check. */
const confirmableCodes = new Set(['duplicateMedication', 'allergyWarning']);

const hasWarnings = ({ duplicates, allergies }: PrescriptionWarnings) => duplicates.length > 0 || allergies.length > 0;

const noWarnings: PrescriptionWarnings = { duplicates: [], allergies: [] };

/**
 * Sends the prescription form: before sending a prescription of medicines it asks the server
 * whether a medicine repeats one still valid for the patient or meets the patient's allergies,
 * and sends only once the doctor confirms. A refusal goes onto the fields it names, or above the
 * form when it names none.
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

  /** Devices and practices neither repeat a medicine nor meet an allergy: nothing to ask. */
  async function warningsOf(input: PrescriptionFormOutput): Promise<PrescriptionWarnings> {
    if (input.kind !== 'medication') return noWarnings;
    return findPrescriptionWarnings({
      patientId: input.patientId,
      items: input.items.map(({ medicationId, genericName }) => ({ medicationId, genericName })),
      excludePrescriptionId: prescription?.id,
    });
  }

  /** The form's submit: the warnings check, then the sending or the doctor's confirmation. */
  async function check(input: PrescriptionFormOutput) {
    setServerError(null);
    try {
      const warnings = await warningsOf(input);
      if (hasWarnings(warnings)) setPending({ input, warnings });
      else await send(input, false);
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
    }
  }

  async function send(input: PrescriptionFormOutput, confirmed: boolean) {
    try {
      const body = { ...input, confirmDuplicates: confirmed, confirmAllergies: confirmed };
      // Only the create schema keeps the type: an edit's body has none (its type and series stay).
      const saved = 'type' in body
        ? await createPrescription.mutateAsync(body)
        : await updatePrescription.mutateAsync(body);
      setPending(null);
      notify({ message: isEdit ? messages.prescriptions.edited : messages.prescriptions.created, variant: 'success' });
      await navigate(paths.prescription.getHref(prescription?.id ?? saved.prescriptions[0]?.id ?? ''));
    } catch (error) {
      // Something changed since the check: the doctor decides once more, on what holds now.
      const warnings = !confirmed && confirmableCodes.has(errorCodeOf(error) ?? '') ? await warningsOf(input) : null;
      if (warnings && hasWarnings(warnings)) {
        setPending({ input, warnings });
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
    /** What the doctor is asked to confirm; null while nothing is asked. */
    warnings: pending?.warnings ?? null,
    isSending: createPrescription.isPending || updatePrescription.isPending,
    cancelWarnings: () => setPending(null),
    confirmWarnings: () => pending && void send(pending.input, true),
  };
}
