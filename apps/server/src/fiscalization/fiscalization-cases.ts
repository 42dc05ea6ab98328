import type {
  DoctorRegistration, PatientInput, PrescriptionInput, PrescriptionItemInput, PrescriptionKind, PrescriptionType,
} from '@receta/domain';

/**
 * The cases an auditor of DNSISA tries in the fiscalization environment (Disp. DNSISA 1/2025
 * Annex I §2): medicines under each condition of sale of the vademecum, a device, studies and
 * practices, patients with several coverages, without coverage and from abroad, and a Receta
 * Crónica. Every person here is made up (Annex I §4: no real patient's data).
 */

/** Where the seed's accounts receive mail: a reserved domain (RFC 2606), so nothing can reach a real mailbox. */
const mailDomain = 'fiscalizacion.test';

/** The superadmin a fresh database gets when ADMIN_EMAIL is unset: on the reserved domain, like the other accounts. */
export const superadminEmail = `superadmin@${mailDomain}`;
export const doctorEmail = `medica@${mailDomain}`;
export const pharmacyEmail = `farmacia@${mailDomain}`;
export const pharmacyName = 'Farmacia Fiscalización';

/** The doctor's registration, without the password and the documents the seed adds. */
export const doctorData = {
  name: 'Mariana',
  lastName: 'Ruiz',
  birthDate: '1978-06-02',
  dni: '27463518',
  cuit: '27274635180',
  phoneNumber: '1145550101',
  address: 'Av. Callao 1234',
  apartment: '3A',
  district: 'Recoleta',
  province: 'CABA',
  email: doctorEmail,
  specialtyId: 1,
  jurisdictionCode: 'CABA',
  doctorEnrollment: '112233',
  professionCode: '35',
  refepsCode: '70123456',
  termsAccepted: true,
} satisfies Omit<DoctorRegistration, 'password' | 'attachments'>;

/** What the moderator records of the jurisdiction's authorisation to prescribe restricted medicines. */
export const restrictedAuthorisationNote = 'Autorización ficticia del Ministerio de Salud de CABA para el entorno de fiscalización';

const pami = { insurerId: 'rnos-500807', slug: 'pami-500807' };
const osde = { insurerId: 'rnos-400800', slug: 'osde-400800' };
const particular = 'particular';

/** Patients by the case they stand for; none has an email or a phone, so nothing is sent to anyone. */
export const patientCases = {
  severalCoverages: {
    label: 'Paciente con varias coberturas (PAMI en su ficha y OSDE)',
    input: {
      name: 'Lucía', lastName: 'Fernández', dni: '10482731', cuil: '23104827314', sex: 'F', dateOfBirth: '1948-09-14',
      insurerId: pami.insurerId, affiliateNumber: '15-10482731-00', address: 'Av. Rivadavia 5000, CABA',
    },
  },
  withoutCoverage: {
    label: 'Paciente sin cobertura (Particular)',
    input: {
      name: 'Martín', lastName: 'Gómez', dni: '28365194', cuil: '20283651941', sex: 'M', dateOfBirth: '1985-01-20',
      insurerId: particular, address: 'Av. Directorio 3100, CABA',
    },
  },
  foreigner: {
    label: 'Paciente extranjero sin CUIL (pasaporte)',
    input: {
      name: 'Thomas', lastName: 'Müller', dni: '95187364', cuil: null,
      identityDocument: { type: 'PASAPORTE', number: 'C01X00T47' }, sex: 'M', dateOfBirth: '1990-11-03',
      insurerId: particular, address: 'Hotel de la Avenida, Av. de Mayo 1200, CABA',
    },
  },
  chronic: {
    label: 'Paciente crónico (Receta Crónica de 3 meses)',
    input: {
      name: 'Rosa', lastName: 'Díaz', dni: '14920537', cuil: '27149205379', sex: 'F', dateOfBirth: '1955-04-27',
      insurerId: pami.insurerId, affiliateNumber: '15-14920537-00', address: 'Av. San Juan 2200, CABA',
    },
  },
  conditionsOfSale: {
    label: 'Paciente de las condiciones de expendio (OSDE)',
    input: {
      name: 'Carlos', lastName: 'Benítez', dni: '25614873', cuil: '20256148731', sex: 'M', dateOfBirth: '1976-02-09',
      insurerId: osde.insurerId, affiliateNumber: '61 256148 7 01', address: 'Av. Cabildo 1800, CABA',
    },
  },
} satisfies Record<string, { label: string; input: PatientInput }>;
export type PatientCaseKey = keyof typeof patientCases;

/**
 * A medicine as the doctor finds it: the words typed in the vademecum search, and the ANMAT
 * condition of sale of the presentation to pick among the results.
 */
export interface MedicineLine {
  search: string;
  saleCondition: string;
  quantity: number;
  dosage: string;
}

/** What the pharmacy account does with a prescription: all of it by its QR code, or its first line by a CUIR. */
export type DispensingCase = 'whole-by-code' | 'first-line-by-cuir';

export interface PrescriptionCase {
  label: string;
  patient: PatientCaseKey;
  kind: PrescriptionKind;
  type: PrescriptionType;
  seriesLength?: 2 | 3;
  diagnosisCode: string;
  /** Another coverage than the patient's record, as the doctor chooses it on the form. */
  coverage?: { insurerSlug: string; affiliateNumber?: string };
  medicines?: MedicineLine[];
  /** The lines of a device or a practice prescription. */
  items?: PrescriptionItemInput[];
  dispensing?: DispensingCase;
}

const oneTablet = (every: string) => `1 comprimido ${every}`;

/**
 * One prescription of medicines under each condition of sale the vademecum lists for what a
 * pharmacy dispenses, which covers the four subtypes of Res. 2214/2025 Annex I and every list of
 * psychotropics and narcotics. The "uso exclusivo profesional" conditions are left out: a
 * professional administers those medicines, no pharmacy dispenses them to a patient.
 */
const conditionsOfSale: PrescriptionCase[] = [
  {
    search: 'ibuprofeno 400', saleCondition: 'Venta Libre', diagnosisCode: 'R51', dosage: oneTablet('cada 8 horas si hay dolor'),
  },
  {
    search: 'enalapril 10', saleCondition: 'Bajo Receta', diagnosisCode: 'I10', dosage: oneTablet('cada 12 horas'),
    dispensing: 'whole-by-code' as const,
  },
  {
    search: 'amoxicilina 500', saleCondition: 'Bajo Receta Archivada', diagnosisCode: 'J02.9', dosage: oneTablet('cada 8 horas durante 7 días'),
  },
  {
    search: 'clonazepam 0,5', saleCondition: 'Bajo Receta Archivada (Psicotropicos Lista Iv)', diagnosisCode: 'F41.1',
    dosage: oneTablet('por la noche'),
  },
  {
    search: 'flunitrazepam 1', saleCondition: 'Bajo Receta Archivada (Psicotropicos Lista Iii)', diagnosisCode: 'F51.0',
    dosage: oneTablet('antes de dormir durante 10 días'),
  },
  {
    search: 'diclofenaco codeina', saleCondition: 'Bajo Receta Archivada (Estupefacientes Lista Iii)', diagnosisCode: 'M54.5',
    dosage: oneTablet('cada 12 horas durante 5 días'),
  },
  {
    search: 'metilfenidato 10', saleCondition: 'Bajo Receta Oficial(Psicotropicos Lista Ii)', diagnosisCode: 'F90.0',
    dosage: oneTablet('con el desayuno'),
  },
  {
    search: 'fentanilo 25 mcg', saleCondition: 'Bajo Receta Oficial (Estupefacientes Lista I)', diagnosisCode: 'R52.1',
    dosage: '1 parche cada 72 horas',
  },
  {
    search: 'metadona 10', saleCondition: 'Bajo Receta Oficial Y Decreto', diagnosisCode: 'R52.1', dosage: oneTablet('cada 12 horas'),
  },
].map(({ search, saleCondition, diagnosisCode, dosage, dispensing }) => ({
  label: `Medicamento de condición de expendio "${saleCondition}"`,
  patient: 'conditionsOfSale' as const,
  kind: 'medication' as const,
  type: 'classic' as const,
  diagnosisCode,
  medicines: [{ search, saleCondition, quantity: 1, dosage }],
  ...dispensing ? { dispensing } : {},
}));

/** Every prescription the seed issues, in the order it issues them. */
export const prescriptionCases: PrescriptionCase[] = [
  ...conditionsOfSale,
  {
    label: 'Varias coberturas: medicamento por la cobertura de su ficha (PAMI)',
    patient: 'severalCoverages',
    kind: 'medication',
    type: 'classic',
    diagnosisCode: 'I10',
    medicines: [{ search: 'losartan 50', saleCondition: 'Bajo Receta', quantity: 2, dosage: oneTablet('por día') }],
  },
  {
    label: 'Varias coberturas: estudios de laboratorio por su otra cobertura (OSDE)',
    patient: 'severalCoverages',
    kind: 'practice',
    type: 'classic',
    diagnosisCode: 'Z00.0',
    coverage: { insurerSlug: osde.slug, affiliateNumber: '61 104827 3 01' },
    items: [
      { practiceCode: 'LAB-001', genericName: 'Hemograma completo', quantity: 1, dosage: 'Extracción en ayunas' },
      { practiceCode: 'LAB-005', genericName: 'Glucemia en ayunas', quantity: 1, dosage: 'Ayuno de 8 horas' },
    ],
  },
  {
    label: 'Sin cobertura: dispositivo médico (anteojos) como Particular',
    patient: 'withoutCoverage',
    kind: 'device',
    type: 'classic',
    diagnosisCode: 'H52.4',
    coverage: { insurerSlug: particular },
    items: [{ genericName: 'Anteojos monofocales para cerca', quantity: 1, dosage: 'OD +1,50 esf; OI +1,75 esf' }],
  },
  {
    label: 'Extranjero sin CUIL: medicamento como Particular',
    patient: 'foreigner',
    kind: 'medication',
    type: 'classic',
    diagnosisCode: 'J02.9',
    coverage: { insurerSlug: particular },
    medicines: [{
      search: 'amoxicilina 500', saleCondition: 'Bajo Receta Archivada', quantity: 2, dosage: oneTablet('cada 8 horas durante 7 días'),
    }],
  },
  {
    label: 'Receta Crónica: serie de 3 recetas mensuales',
    patient: 'chronic',
    kind: 'medication',
    type: 'chronic',
    seriesLength: 3,
    diagnosisCode: 'I10',
    medicines: [
      { search: 'enalapril 10', saleCondition: 'Bajo Receta', quantity: 2, dosage: oneTablet('cada 12 horas') },
      { search: 'metformina 850', saleCondition: 'Bajo Receta', quantity: 2, dosage: oneTablet('con el almuerzo y la cena') },
    ],
    dispensing: 'first-line-by-cuir',
  },
];

/** The body of `POST /api/prescriptions` for a case, once its medicines were found in the vademecum. */
export function prescriptionInputOf(
  prescription: PrescriptionCase, patientId: string, items: PrescriptionItemInput[],
): PrescriptionInput {
  return {
    patientId,
    kind: prescription.kind,
    type: prescription.type,
    ...prescription.seriesLength ? { seriesLength: prescription.seriesLength } : {},
    diagnosisCode: prescription.diagnosisCode,
    ...prescription.coverage,
    items,
  };
}
