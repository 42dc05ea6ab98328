import { z } from 'zod';
import { ListQuerySchema, pageOf } from './api.ts';
import * as messages from './messages/index.ts';

/** The events of a prescription item that the national repository is told of (Res. 2214/2025 art. 7). */
export const repositoryPointerKinds = ['signed', 'cancelled', 'dispensed', 'dispense_undone'] as const;
export type RepositoryPointerKind = (typeof repositoryPointerKinds)[number];

export const repositoryPointerStatuses = ['pending', 'sent', 'failed'] as const;
export type RepositoryPointerStatus = (typeof repositoryPointerStatuses)[number];

/**
 * The pointer Res. 2214/2025 Annex IV asks a repository to send for each prescription: the
 * date, the prescriber (REFEPS code, licence, profession, name), the patient's CUIL (or a
 * foreigner's document, who has none), the item's CUIR and the repository's sequential
 * transaction id. It is POSTed as it is stored, with the event's `kind`.
 */
export const RepositoryPointerDataSchema = z.object({
  date: z.string(),
  refepsCode: z.string().nullable(),
  licence: z.object({ type: z.string(), number: z.string(), jurisdiction: z.string() }),
  profession: z.string(),
  prescriberName: z.string(),
  patient: z.object({
    cuil: z.string().nullable(),
    documentType: z.string().nullable(),
    documentNumber: z.string().nullable(),
  }),
  cuir: z.string(),
  transactionId: z.number().int(),
});
export type RepositoryPointerData = z.infer<typeof RepositoryPointerDataSchema>;

/** `GET /api/repository-pointers`: newest first, optionally of one status. */
export const RepositoryPointerQuerySchema = ListQuerySchema.pick({ page: true, pageSize: true }).extend({
  status: z.enum(repositoryPointerStatuses, messages.common.invalidData).optional(),
});
export type RepositoryPointerQuery = z.input<typeof RepositoryPointerQuerySchema>;

/**
 * A pointer as the superadmin follows its delivery: which event of which item, and how its
 * delivery went. The patient's identity stays out of the page: the CUIR is enough to trace it.
 */
export const RepositoryPointerSchema = z.object({
  id: z.string(),
  kind: z.enum(repositoryPointerKinds),
  prescriptionId: z.string(),
  cuir: z.string(),
  transactionId: z.number().int(),
  status: z.enum(repositoryPointerStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type RepositoryPointer = z.infer<typeof RepositoryPointerSchema>;
export const RepositoryPointerPageSchema = pageOf(RepositoryPointerSchema);
export type RepositoryPointerPage = z.infer<typeof RepositoryPointerPageSchema>;
