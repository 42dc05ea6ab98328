import type {
  Bundle, Coverage, DeviceRequest, MedicationDispense, MedicationRequest, Patient, Practitioner, Resource,
  ServiceRequest, Task,
} from '@medplum/fhirtypes';
import {
  messages, type ApiError, type DispenseResult, type PrescriptionInput, type PrescriptionsCreated,
  type PrescriptionsSigned, type Prescription,
} from '@receta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirProblemsOf } from '../../../test/fhir-validator.ts';
import { signedInWithRoles, type SignedInUser } from '../../../test/factories/administrators.ts';
import { appTokenFor } from '../../../test/factories/oauth.ts';
import {
  createPatientRecord, createPrescribingDoctor, headersIn, prescriptionInput, sampleMedications,
} from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { practices } from '../../db/schema/index.ts';

const test = useTestApp();

let doctorId: string;
let doctor: Record<string, string>;
let pharmacy: SignedInUser;
let patient: { id: string; dni: string; cuil: string | null };
let stranger: Record<string, string>;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  const workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  doctor = await headersIn(test.app, doctorId, workspaceId);
  pharmacy = await signedInWithRoles(test.app, ['pharmacy'], { displayName: 'Farmacia del Centro' });
  patient = await createPatientRecord(test.app, { workspaceId, name: 'Juana María', lastName: 'Gómez' });
  const otherId = (await createPrescribingDoctor(test.app)).id;
  stranger = await headersIn(test.app, otherId, (await createWorkspace(test.app, { memberIds: [otherId] })).id);
  await test.app.db.insert(practices).values({
    code: 'FHIR-001', name: 'Hemograma completo', category: 'Laboratorio', searchText: 'fhir-001 hemograma completo',
  }).onConflictDoNothing();
});

async function issued(overrides: Partial<PrescriptionInput>): Promise<Prescription> {
  const response = await test.app.inject({
    method: 'POST', url: '/api/prescriptions', headers: doctor, payload: { ...prescriptionInput(patient.id, overrides), confirmDuplicates: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PrescriptionsCreated>().prescriptions[0]!;
}

async function signed(overrides: Partial<PrescriptionInput>): Promise<Prescription> {
  const draft = await issued(overrides);
  const response = await test.app.inject({
    method: 'POST', url: `/api/prescriptions/${draft.id}/sign`, headers: doctor, payload: { pin: '1234' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PrescriptionsSigned>().prescriptions[0]!;
}

async function dispensed(id: string, items: { itemId: string; quantity: number }[]): Promise<DispenseResult> {
  const response = await test.app.inject({
    method: 'POST', url: `/api/prescriptions/${id}/dispense`, headers: pharmacy.headers, payload: { items },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DispenseResult>();
}

/** The bundle of a prescription, after checking its content type and that it and every entry are valid FHIR R4. */
async function exported(id: string, headers: Record<string, string> = doctor, url = `/api/prescriptions/${id}/fhir`) {
  const response = await test.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  const bundle = response.json<Bundle>();
  expect(fhirProblemsOf(bundle)).toEqual([]);
  for (const entry of bundle.entry ?? []) expect(fhirProblemsOf(entry.resource!), entry.fullUrl).toEqual([]);
  return bundle;
}

function resourcesOf<T extends Resource>(bundle: Bundle, type: T['resourceType']): T[] {
  return (bundle.entry ?? []).map((entry) => entry.resource!)
    .filter((resource): resource is T => resource.resourceType === type);
}

function identifierValues(resource: { identifier?: { system?: string; value?: string }[] }): Record<string, string> {
  return Object.fromEntries((resource.identifier ?? []).map((identifier) => [identifier.system ?? '', identifier.value ?? '']));
}

describe('GET /api/prescriptions/:id/fhir', () => {
  it('answers a signed, partly dispensed prescription of medicines as a valid RDI transaction bundle', async () => {
    const prescription = await signed({
      items: [
        { ...sampleMedications.enalapril, quantity: 3, dosage: '1 comprimido cada 12 horas' },
        { ...sampleMedications.metformin, quantity: 1, dosage: '1 comprimido con el almuerzo' },
      ],
    });
    const [enalapril, metformin] = prescription.items;
    await dispensed(prescription.id, [{ itemId: enalapril!.id, quantity: 1 }]);
    const second = await dispensed(prescription.id, [{ itemId: enalapril!.id, quantity: 1 }]);
    const undone = second.dispensations.at(-1)!;
    const undo = await test.app.inject({
      method: 'POST', url: `/api/prescriptions/${prescription.id}/dispensations/${undone.id}/undo`, headers: pharmacy.headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);

    const bundle = await exported(prescription.id);
    expect(bundle).toMatchObject({
      resourceType: 'Bundle', type: 'transaction',
      meta: { profile: [
        'http://fhir.msal.gob.ar/RDI/StructureDefinition/recetaDigitalRegistroRecetaAR',
        'http://fhir.msal.gob.ar/RDI/StructureDefinition/recetaDigitalRegistroDispensaAR',
      ] },
    });

    const [person] = resourcesOf<Patient>(bundle, 'Patient');
    expect(person?.meta?.profile).toEqual(['http://fhir.msal.gob.ar/RDI/StructureDefinition/datosPacienteAR']);
    expect(identifierValues(person!)).toEqual({
      'http://www.renaper.gob.ar/dni': patient.dni, 'http://www.afip.gob.ar/cuil': patient.cuil,
    });
    expect(person).toMatchObject({ gender: 'female', birthDate: '1960-02-14', name: [{ family: 'Gómez', given: ['Juana', 'María'] }] });

    const [prescriber] = resourcesOf<Practitioner>(bundle, 'Practitioner');
    expect(prescriber?.meta?.profile).toEqual(['http://fhir.msal.gob.ar/RDI/StructureDefinition/datosPrescriptorAR']);
    const prescriberIds = identifierValues(prescriber!);
    expect(prescriberIds['https://sisa.msal.gov.ar/REFEPS']).toBe(prescription.prescriber.refepsCode);
    expect(prescriberIds['http://www.afip.gob.ar/cuit']).toBe(prescription.prescriber.cuit);
    expect(Object.entries(prescriberIds)).toContainEqual([
      expect.stringMatching(/^http:\/\/receta-digital\.example\/fhir\/sid\/matricula\/\d{2}$/),
      prescription.prescriber.enrollment,
    ]);

    const [coverage] = resourcesOf<Coverage>(bundle, 'Coverage');
    expect(coverage).toMatchObject({
      meta: { profile: ['http://fhir.msal.gob.ar/RDI/StructureDefinition/datosCoberturaAR'] },
      subscriberId: '15-123456789-00',
      payor: [{ identifier: { value: 'pami-500807' } }],
    });
    expect(coverage!.payor[0]!.display).toContain(prescription.insurer!.name);

    const requests = resourcesOf<MedicationRequest>(bundle, 'MedicationRequest');
    expect(requests.map((request) => identifierValues(request)['http://receta-digital.example/fhir/sid/cuir']))
      .toEqual([enalapril!.cuir, metformin!.cuir]);
    expect(requests[0]).toMatchObject({
      meta: { profile: ['http://fhir.msal.gob.ar/RDI/StructureDefinition/datosPrescripcionAR'] },
      status: 'active', intent: 'order',
      dosageInstruction: [{ text: '1 comprimido cada 12 horas' }],
      dispenseRequest: {
        quantity: { value: 3 }, validityPeriod: { start: prescription.startDate, end: prescription.expiryDate },
      },
      reasonCode: [{ coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'I10' }] }],
      subject: { reference: bundle.entry![0]!.fullUrl },
      insurance: [{ reference: bundle.entry!.find((entry) => entry.resource?.resourceType === 'Coverage')!.fullUrl }],
    });
    expect(requests[0]!.medicationCodeableConcept!.text).toMatch(/^Enalapril Maleato/);
    // In normal case, as the PDF writes it, not the vademecum's capitals ('Envase Por 50 Unidades').
    expect(requests[0]!.medicationCodeableConcept!.text).toMatch(/, envase por 50 unidades$/);

    // The undone dispense is gone; the one standing points at its item's request.
    const dispenses = resourcesOf<MedicationDispense>(bundle, 'MedicationDispense');
    expect(dispenses).toHaveLength(1);
    expect(dispenses[0]).toMatchObject({
      status: 'completed', quantity: { value: 1 }, performer: [{ actor: { display: 'Farmacia del Centro' } }],
    });
    expect(dispenses[0]!.authorizingPrescription).toEqual([{ reference: `urn:uuid:${enalapril!.id}` }]);
    expect(bundle.entry!.map((entry) => entry.request?.method)).toEqual(bundle.entry!.map(() => 'PUT'));
  });

  it('answers a device order with a DeviceRequest and its delivery as a Task that fulfils it', async () => {
    const prescription = await signed({
      kind: 'device', insurerSlug: 'particular',
      items: [{ genericName: 'Anteojos monofocales para lejos', quantity: 2, dosage: 'OD −1,50 esf' }],
    });
    await dispensed(prescription.id, [{ itemId: prescription.items[0]!.id, quantity: 1 }]);
    const bundle = await exported(prescription.id);
    expect(resourcesOf<Coverage>(bundle, 'Coverage')).toEqual([]);
    const [order] = resourcesOf<DeviceRequest>(bundle, 'DeviceRequest');
    expect(identifierValues(order!)).toEqual({ 'http://receta-digital.example/fhir/sid/cuir': prescription.items[0]!.cuir });
    expect(order).toMatchObject({ status: 'active', codeCodeableConcept: { text: 'Anteojos monofocales para lejos' } });
    const [delivery] = resourcesOf<Task>(bundle, 'Task');
    expect(delivery).toMatchObject({
      status: 'completed', code: { coding: [{ code: 'fulfill' }] }, output: [{ valueQuantity: { value: 1 } }],
    });
    expect(delivery!.focus!.reference).toBe(`urn:uuid:${prescription.items[0]!.id}`);
    expect(resourcesOf<MedicationDispense>(bundle, 'MedicationDispense')).toEqual([]);
  });

  it('answers an order of practices with a ServiceRequest per line, coded from the catalogue', async () => {
    const prescription = await signed({
      kind: 'practice',
      items: [
        { practiceCode: 'FHIR-001', genericName: 'hemograma', quantity: 1, dosage: 'En ayunas' },
        { genericName: 'Kinesiología motora', quantity: 10 },
      ],
    });
    const bundle = await exported(prescription.id);
    const orders = resourcesOf<ServiceRequest>(bundle, 'ServiceRequest');
    expect(orders.map((order) => identifierValues(order)['http://receta-digital.example/fhir/sid/cuir']))
      .toEqual(prescription.items.map((item) => item.cuir));
    expect(orders[0]).toMatchObject({
      code: { coding: [{ code: 'FHIR-001' }], text: 'Hemograma completo' }, quantityQuantity: { value: 1 },
    });
    expect(orders[1]).toMatchObject({ code: { text: 'Kinesiología motora' }, quantityQuantity: { value: 10 } });
    expect(resourcesOf<Task>(bundle, 'Task')).toEqual([]);
  });

  it('refuses a draft, which has no CUIR yet, and another workspace’s prescription', async () => {
    const draft = await issued({});
    const response = await test.app.inject({ url: `/api/prescriptions/${draft.id}/fhir`, headers: doctor });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe(messages.prescriptions.fhirNotSigned);

    const prescription = await signed({});
    const theirs = await test.app.inject({ url: `/api/prescriptions/${prescription.id}/fhir`, headers: stranger });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<ApiError>().message).toBe(messages.prescriptions.notFound);
  });
});

describe('GET /oauth2/api/prescriptions/:id/fhir', () => {
  it('answers the doctor’s own prescription to an app with prescriptions-search, and nothing without it', async () => {
    const prescription = await signed({});
    const url = `/oauth2/api/prescriptions/${prescription.id}/fhir`;
    const { authorization } = await appTokenFor(test.app, doctorId, ['prescriptions-search']);
    const bundle = await exported(prescription.id, { authorization }, url);
    expect(resourcesOf<MedicationRequest>(bundle, 'MedicationRequest').map((request) => request.identifier?.[0]?.value))
      .toEqual([prescription.items[0]!.cuir]);

    const withoutScope = await appTokenFor(test.app, doctorId, ['patients-search']);
    const refused = await test.app.inject({ url, headers: { authorization: withoutScope.authorization } });
    expect(refused.statusCode).toBe(403);

    const otherDoctorId = (await createPrescribingDoctor(test.app)).id;
    const otherApp = await appTokenFor(test.app, otherDoctorId, ['prescriptions-search']);
    expect((await test.app.inject({ url, headers: { authorization: otherApp.authorization } })).statusCode).toBe(404);
  });
});
