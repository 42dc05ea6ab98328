import type { Prescriber, Prescription, PrescriptionItem } from '@receta/domain';
import { issueDoctorCertificate } from '../../src/platform/pki/doctor-certificate.ts';
import { exportPrivateKey, generateSigningKeys, importPrivateKey } from '../../src/platform/pki/keys.ts';
import { loadPlatformCa, type PlatformCa } from '../../src/platform/pki/platform-ca.ts';
import type { Signer } from '../../src/platform/pki/index.ts';

export const samplePrescriber: Prescriber = {
  userId: '0b9f5c1e-6d0a-4a57-9b8e-2f1c3d4e5f60',
  name: 'María José',
  lastName: 'Núñez',
  cuit: '27301234561',
  licenceType: 'MP',
  enrollment: '1234',
  jurisdiction: 'Córdoba',
  profession: 'Médico',
  specialty: 'Clínica médica',
  address: 'Av. Colón 1234, Alberdi, Córdoba',
};

export function itemToPrint(overrides: Partial<PrescriptionItem> = {}): PrescriptionItem {
  return {
    id: 'c5d2a0f4-4b2e-4f0a-8c51-0a1b2c3d4e5f',
    medicationId: 510,
    practiceCode: null,
    genericName: 'Enalapril Maleato',
    brandName: 'Lotrial',
    strength: '10 mg',
    pharmaceuticalForm: 'comprimidos',
    presentation: 'Envase por 50 unidades',
    quantity: 2,
    dosage: '1 comprimido cada 12 horas',
    patientInstructions: 'Tomar con el desayuno y la cena; controlar la presión arterial una vez por semana.',
    pharmacyNote: null,
    noSubstitution: false,
    dispensedQuantity: 0,
    subtype: 'prescription',
    cuir: null,
    ...overrides,
  };
}

/** A signed Receta Única as the API shows it, with accents in every block, for the PDF. */
export function prescriptionToPrint(overrides: Partial<Prescription> = {}): Prescription {
  return {
    id: '7d1f7b52-3c44-4a43-9f55-2f9b4a0e2d11',
    number: 1234,
    type: 'classic',
    kind: 'medication',
    state: 'signed',
    displayState: 'valid',
    seriesId: '5f0c9a7e-1b2d-4c3e-8f9a-0b1c2d3e4f50',
    seriesPosition: 1,
    seriesLength: 1,
    issuedOn: '2026-03-02',
    startDate: '2026-03-02',
    expiryDate: '2026-03-31',
    patient: {
      id: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d',
      name: 'Iñaki',
      lastName: 'Güemes Peña',
      dni: '30123456',
      cuil: '20301234565',
      identityDocument: null,
      sex: 'M',
      dateOfBirth: '1980-05-17',
      address: null,
    },
    insurer: { id: 'rnos-500807', slug: 'pami-500807', name: 'Instituto Nacional de Servicios Sociales para Jubilados y Pensionados', acronym: 'PAMI', kind: 'obra_social' },
    affiliateNumber: '15-123456789-00',
    diagnosis: { code: 'I10', description: 'Hipertensión esencial (primaria)' },
    symptoms: 'Cefalea matinal y mareos desde hace dos semanas.',
    prescriber: samplePrescriber,
    items: [itemToPrint()],
    signed: true,
    createdAt: '2026-03-02T13:00:00.000Z',
    signedAt: '2026-03-02T13:05:00.000Z',
    ...overrides,
  };
}

/** A platform CA under `dataDir` and a doctor's signer it certified, without a database. */
export async function createTestSigner(dataDir: string): Promise<Signer & { ca: PlatformCa }> {
  const ca = await loadPlatformCa(undefined, dataDir);
  const keys = await generateSigningKeys();
  const certificate = await issueDoctorCertificate(ca, samplePrescriber, keys.publicKey);
  const privateKey = await importPrivateKey(await exportPrivateKey(keys.privateKey));
  return { ca, privateKey, certificate, chain: [ca.certificate] };
}
