import type { Diagnosis, InsurerSummary, Medication, Patient, Prescription } from '@receta/domain';
import { makeUser } from './render.tsx';

export const particular: InsurerSummary = {
  id: 'particular', slug: 'particular', name: 'Particular / sin cobertura', acronym: null, kind: 'particular',
};
export const osde: InsurerSummary = {
  id: 'rnos-400800', slug: 'osde-400800', name: 'Organización de Servicios Directos Empresarios', acronym: 'OSDE', kind: 'obra_social',
};

export const salbutamol: Medication = {
  id: 7, brandName: 'Ventolin', genericName: 'Salbutamol', strength: '100 mcg', pharmaceuticalForm: 'Aerosol',
  presentation: 'aerosol x 200 dosis', laboratory: 'GlaxoSmithKline', saleCondition: 'Venta bajo receta', gtin: null, troquel: null,
};

export const asthma: Diagnosis = { code: 'J45.0', description: 'Asma predominantemente alérgica' };

export function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: '0b9c2f57-5c1f-4a57-9d55-6f8f2a1b3c4d', name: 'Ana', lastName: 'Pérez', dni: '30123456', cuil: null, identityDocument: null, sex: 'F',
    dateOfBirth: '1985-03-15', insurer: null, affiliateNumber: null, email: null, phone: null, address: null, allergies: [],
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makePrescription(overrides: Partial<Prescription> = {}): Prescription {
  const patient = makePatient();
  return {
    id: 'a3f1c2d4-1111-4222-8333-444455556666',
    number: 1024,
    type: 'classic',
    kind: 'medication',
    state: 'signed',
    displayState: 'valid',
    seriesId: 's1',
    seriesPosition: 1,
    seriesLength: 1,
    issuedOn: '2026-03-02',
    startDate: '2026-03-02',
    expiryDate: '2026-03-31',
    patient: {
      id: patient.id, name: patient.name, lastName: patient.lastName, dni: patient.dni, cuil: null,
      identityDocument: null,
      sex: 'F', dateOfBirth: patient.dateOfBirth, address: null,
    },
    insurer: osde,
    affiliateNumber: '61 234567 8 01',
    diagnosis: asthma,
    symptoms: 'Disnea nocturna',
    prescriber: {
      userId: 'user-1', name: 'Laura', lastName: 'Gómez', cuit: '27123456780', licenceType: 'MN', enrollment: '123456',
      jurisdiction: 'Nacional', profession: 'Médico', specialty: 'Neumonología', address: 'Av. Corrientes 1234',
    },
    items: [{
      id: 'i1', medicationId: salbutamol.id, practiceCode: null, genericName: 'Salbutamol', brandName: 'Ventolin', strength: '100 mcg',
      pharmaceuticalForm: 'Aerosol', presentation: 'aerosol x 200 dosis', quantity: 1, dosage: '2 disparos cada 8 horas',
      patientInstructions: null, pharmacyNote: null, noSubstitution: false, dispensedQuantity: 0,
      subtype: 'prescription', cuir: null,
    }],
    signed: true,
    createdAt: '2026-03-02T13:00:00Z',
    signedAt: '2026-03-02T13:05:00Z',
    ...overrides,
  };
}

/** A doctor of the built-in role who has accepted the terms. */
export const doctor = makeUser({
  scope: ['show.prescription', 'create.prescription', 'edit.prescription', 'destroy.prescription', 'owner.prescription',
    'sign.prescription', 'index.patient', 'create.patient'],
  termsAndConditions: '2026-01-01T00:00:00Z',
  hasSigningPin: true,
});
