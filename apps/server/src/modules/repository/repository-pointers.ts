import type { Prescriber, RepositoryPointerKind } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { dueNow } from '../../platform/mail/outbox.ts';
import { findItemCuirs, findPointerSource, insertPointers, nextTransactionIds } from './repository-pointers.repository.ts';

function licenceOf(prescriber: Prescriber) {
  return { type: prescriber.licenceType, number: prescriber.enrollment, jurisdiction: prescriber.jurisdiction };
}

/**
 * Queues the national repository's pointer (Res. 2214/2025 art. 7, Annex IV) for each item of
 * a signed prescription, or for the items of `itemIds` only (a dispense of some of them). Call
 * it with the transaction of the event: the pointers are queued exactly when the event stands,
 * and the delivery loop sends them even if this process dies right after.
 */
export async function enqueueRepositoryPointers(
  db: Database, kind: RepositoryPointerKind, prescriptionId: string, itemIds?: string[],
): Promise<void> {
  const source = await findPointerSource(db, prescriptionId);
  if (!source) throw new Error(`No prescription ${prescriptionId} to point the national repository to`);
  const cuirs = await findItemCuirs(db, prescriptionId, itemIds);
  const transactionIds = await nextTransactionIds(db, cuirs.length);
  const { prescriber } = source;
  const nextAttemptAt = dueNow();
  await insertPointers(db, cuirs.map((cuir, index) => ({
    kind,
    prescriptionId,
    cuir,
    nextAttemptAt,
    data: {
      date: source.issuedOn,
      refepsCode: prescriber.refepsCode ?? null,
      licence: licenceOf(prescriber),
      profession: prescriber.profession,
      prescriberName: `${prescriber.name} ${prescriber.lastName}`,
      patient: {
        cuil: source.patientCuil,
        documentType: source.patientIdentityDocumentType,
        documentNumber: source.patientIdentityDocumentNumber,
      },
      cuir,
      transactionId: transactionIds[index] ?? 0,
    },
  })));
}
