/**
 * The canonical URLs and identifier systems of the FHIR export (docs/decisions/042). The RDI
 * profiles are HL7 Argentina's and the Ministry's for the Receta Digital; the national systems
 * are those the Ministry's own interoperability examples use. Where neither names one, the
 * system is ours, under receta-digital.example, until DNSISA publishes it (Res. 2214/2025
 * Annex III leaves the technical guides to DNSISA).
 */
const rdiProfile = (name: string) => `http://fhir.msal.gob.ar/RDI/StructureDefinition/${name}`;
const ours = (path: string) => `http://receta-digital.example/fhir/${path}`;

export const rdiProfiles = {
  prescriptionBundle: rdiProfile('recetaDigitalRegistroRecetaAR'),
  dispenseBundle: rdiProfile('recetaDigitalRegistroDispensaAR'),
  patient: rdiProfile('datosPacienteAR'),
  prescriber: rdiProfile('datosPrescriptorAR'),
  coverage: rdiProfile('datosCoberturaAR'),
  medicationRequest: rdiProfile('datosPrescripcionAR'),
} as const;

export const identifierSystems = {
  dni: 'http://www.renaper.gob.ar/dni',
  cuil: 'http://www.afip.gob.ar/cuil',
  cuit: 'http://www.afip.gob.ar/cuit',
  refeps: 'https://sisa.msal.gov.ar/REFEPS',
  cdi: ours('sid/cdi'),
  passport: ours('sid/pasaporte'),
  cuir: ours('sid/cuir'),
  prescriptionNumber: ours('sid/receta'),
  dispensation: ours('sid/dispensa'),
  insurer: ours('sid/financiador'),
  /** A licence is numbered by its jurisdiction: the INDEC code closes the system (`00` the nation's). */
  licence: (indecCode: string) => ours(`sid/matricula/${indecCode}`),
} as const;

export const codeSystems = {
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  /** Res. 2214/2025 Annex I's subtypes of a medicine by its condition of sale, coded as module 4 of the CUIR. */
  saleCondition: ours('CodeSystem/condicion-expendio'),
  practice: ours('CodeSystem/practicas'),
  taskCode: 'http://hl7.org/fhir/CodeSystem/task-code',
} as const;
