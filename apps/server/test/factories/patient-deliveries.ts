import type { FastifyInstance } from 'fastify';
import { deliverToPatient } from '../../src/modules/patient-access/index.ts';

/** Sends a signed prescription to its patient as signing does, by the channels the patient has. */
export function deliverPrescriptionToPatient(
  app: FastifyInstance, input: { prescriptionId: string; doctorUserId: string; publicUrl: string },
) {
  return app.db.transaction((tx) => deliverToPatient(tx, {
    prescriptionIds: [input.prescriptionId], publicUrl: input.publicUrl, now: new Date(),
    actor: { actorUserId: input.doctorUserId, pagePath: null },
  }));
}
