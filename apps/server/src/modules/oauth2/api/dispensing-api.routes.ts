import {
  DispenseResultSchema, DispenseSchema, messages, PrescriptionLookupSchema, ScannedPrescriptionSchema,
} from '@receta/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../../platform/audit.ts';
import { currentPharmacySystem } from '../../../platform/auth/access-control.ts';
import { errorAnswers } from '../../../platform/http/error-answers.ts';
import { dispensePrescription, undoDispensation, type PharmacyActor } from '../../dispensing/index.ts';
import { lookUpForPharmacySystem } from './dispensing-api.service.ts';

const tags = ['oauth2: API para sistemas de farmacia'];
const access = { pharmacySystemScopes: ['prescriptions-dispense'] } as const;
const security = [{ pharmacySystem: ['prescriptions-dispense'] }];

const LookupParamsSchema = z.object({ codeOrCuir: PrescriptionLookupSchema });
const PrescriptionParamsSchema = z.object({ prescriptionId: z.uuid(messages.prescriptions.notFound) });
const DispensationParamsSchema = PrescriptionParamsSchema.extend({ dispensationId: z.uuid(messages.common.notFound) });

/** The pharmacy account the system was registered with is who dispenses, as on the scanner. */
function pharmacyActorOf(request: FastifyRequest): PharmacyActor {
  return { userId: currentPharmacySystem(request).pharmacyUserId, audit: auditActorOf(request) };
}

const tokenExample = 'TOKEN=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials '
  + '-d scope=prescriptions-dispense https://receta.example/oauth2/accounts/token | jq -r .access_token)';

/**
 * The scanner for pharmacy systems (Disp. 1/2025 Annex III §4: the CUIR check is not public):
 * find a prescription, dispense it, undo a dispense, with the scanner's own rules, for the
 * pharmacy account of the client-credentials token (docs/decisions/043).
 */
export const dispensingApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const platformCa = app.signing.ca.certificate;

  app.get('/dispensing/:codeOrCuir', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Busca una receta por su código de verificación o por el CUIR de uno de sus ítems, con lo que queda por '
        + 'dispensar (alcance prescriptions-dispense)',
      description: 'Responde lo mismo que el escáner de la farmacia: la receta, si su firma es válida y sus dispensas. '
        + 'Cada consulta queda en el registro de eventos con la aplicación, encuentre o no la receta. El token se pide '
        + 'con client_credentials y vale 5 minutos:\n\n'
        + `\`\`\`\n${tokenExample}\ncurl -H "Authorization: Bearer $TOKEN" `
        + 'https://receta.example/oauth2/api/dispensing/7QK2M9X4PB8RT3VW\n```',
      params: LookupParamsSchema,
      response: { 200: ScannedPrescriptionSchema, ...errorAnswers(400, 401, 403, 404) },
    },
  }, (request) => lookUpForPharmacySystem(app.db, platformCa, request.params.codeOrCuir, pharmacyActorOf(request)));

  app.post('/dispensing/:prescriptionId/dispense', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Dispensa toda la receta (all) o cantidades de algunos ítems (alcance prescriptions-dispense)',
      description: 'Las reglas del escáner: solo una receta vigente, nunca más de lo pendiente, y dos pedidos a la vez '
        + 'sobre la misma receta no dispensan dos veces (el segundo responde 409). Ejemplo:\n\n'
        + '```\ncurl -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" '
        + '-d \'{"items":[{"itemId":"…","quantity":1}]}\' '
        + 'https://receta.example/oauth2/api/dispensing/$PRESCRIPTION_ID/dispense\n```',
      params: PrescriptionParamsSchema,
      body: DispenseSchema,
      response: { 200: DispenseResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => dispensePrescription(
    app.db, platformCa, request.params.prescriptionId, request.body, pharmacyActorOf(request),
  ));

  app.post('/dispensing/:prescriptionId/dispensations/:dispensationId/undo', {
    config: { access },
    schema: {
      tags,
      security,
      summary: 'Anula una dispensa de la misma cuenta de farmacia hecha hoy (alcance prescriptions-dispense)',
      description: 'Ejemplo:\n\n```\ncurl -X POST -H "Authorization: Bearer $TOKEN" '
        + 'https://receta.example/oauth2/api/dispensing/$PRESCRIPTION_ID/dispensations/$DISPENSATION_ID/undo\n```',
      params: DispensationParamsSchema,
      response: { 200: DispenseResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
    },
  }, (request) => undoDispensation(
    app.db, platformCa, request.params.prescriptionId, request.params.dispensationId, pharmacyActorOf(request),
  ));
};
