import { createHash } from 'node:crypto';
import type {
  Bundle, BundleEntry, CodeableConcept, Coverage, DeviceRequest, Identifier, MedicationDispense, MedicationRequest,
  Patient, Practitioner, Resource, ServiceRequest, Task,
} from '@medplum/fhirtypes';
import {
  indecCodeOf, medicationSubtypeCodes, medicationSubtypeLabels, medicineText, type MedicationSubtype,
  type Prescription, type PrescriptionItem,
} from '@receta/domain';
import { codeSystems, identifierSystems, rdiProfiles } from './rdi-ar.ts';

/** A dispense, delivery or performance still standing (not undone), as the dispensing module records it. */
export interface RecordedDispensation {
  id: string;
  itemId: string;
  quantity: number;
  /** The pharmacy's or provider's name; null once its account is gone. */
  pharmacyName: string | null;
  dispensedAt: Date;
}

/** An entry whose full URL and resource are always there, for the references between entries. */
interface Entry<T extends Resource = Resource> extends BundleEntry<T> {
  fullUrl: string;
  resource: T;
}

/**
 * A signed prescription and its dispenses as the FHIR R4 transaction Bundle of the RDI
 * profiles (docs/decisions/042): one request per item with its CUIR, the patient, the
 * prescriber, the coverage, and a record per dispense. Each entry is a conditional update on its
 * business identifier, as the RDI repository takes them, so sending it twice changes nothing.
 */
export function prescriptionBundleOf(
  prescription: Prescription, dispensations: readonly RecordedDispensation[], now: Date,
): Bundle {
  const patient = patientEntryOf(prescription);
  const prescriber = prescriberEntryOf(prescription);
  const coverage = coverageEntryOf(prescription, patient);
  const context: RequestContext = { prescription, patient, prescriber, coverage };
  const requests = prescription.items.map((item) => requestEntryOf(item, context));
  const fulfilments = dispensations.flatMap((dispensation) => {
    const index = prescription.items.findIndex((item) => item.id === dispensation.itemId);
    const [item, request] = [prescription.items[index], requests[index]];
    return item && request ? [fulfilmentEntryOf(dispensation, item, request, context)] : [];
  });
  const hasMedicationDispenses = fulfilments.some((entry) => entry.resource.resourceType === 'MedicationDispense');
  return {
    resourceType: 'Bundle',
    id: prescription.id,
    meta: {
      profile: [rdiProfiles.prescriptionBundle, ...hasMedicationDispenses ? [rdiProfiles.dispenseBundle] : []],
    },
    identifier: { system: identifierSystems.prescriptionNumber, value: String(prescription.number) },
    type: 'transaction',
    timestamp: now.toISOString(),
    entry: [patient, prescriber, ...coverage ? [coverage] : [], ...requests, ...fulfilments],
  };
}

interface RequestContext {
  prescription: Prescription;
  patient: Entry;
  prescriber: Entry;
  coverage: Entry | null;
}

/** A stable urn:uuid for a resource of the prescription that has no id of its own (RFC 4122 name-based). */
function entryUrlOf(prescriptionId: string, name: string): string {
  const hex = createHash('sha1').update(`${prescriptionId}/${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const groups = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`, hex.slice(20, 32)];
  return `urn:uuid:${groups.join('-')}`;
}

function entryOf<T extends Resource>(fullUrl: string, resource: T, identifier: Identifier): Entry<T> {
  return {
    fullUrl,
    resource,
    request: {
      method: 'PUT',
      url: `${resource.resourceType}?identifier=${encodeURIComponent(`${identifier.system}|${identifier.value}`)}`,
    },
  };
}

/** A reference to another entry of the bundle, by its full URL as a transaction resolves it. */
function referenceTo(entry: Entry, display?: string): { reference: string; display?: string } {
  return display === undefined ? { reference: entry.fullUrl } : { reference: entry.fullUrl, display };
}

const genders = { F: 'female', M: 'male', X: 'other' } as const;

const documentSystems = {
  CUIT: identifierSystems.cuit, CDI: identifierSystems.cdi, PASAPORTE: identifierSystems.passport,
} as const;

/** A person's name as the RDI examples write it: "Last name, Names", and each part apart. */
function nameOf(person: { name: string; lastName: string }) {
  return { text: `${person.lastName}, ${person.name}`, family: person.lastName, given: person.name.split(/\s+/) };
}

function patientEntryOf(prescription: Prescription): Entry {
  const { patient } = prescription;
  const dni: Identifier = { use: 'official', system: identifierSystems.dni, value: patient.dni };
  const identifiers: Identifier[] = [dni];
  if (patient.cuil) identifiers.push({ use: 'secondary', system: identifierSystems.cuil, value: patient.cuil });
  if (patient.identityDocument) {
    const { type, number } = patient.identityDocument;
    identifiers.push({ use: 'secondary', system: documentSystems[type], value: number });
  }
  const resource: Patient = {
    resourceType: 'Patient',
    meta: { profile: [rdiProfiles.patient] },
    identifier: identifiers,
    name: [{ use: 'official', ...nameOf(patient) }],
    // The X of a non-binary DNI (Decreto 476/2021) is FHIR's "other".
    gender: genders[patient.sex],
    birthDate: patient.dateOfBirth,
    ...patient.address ? { address: [{ text: patient.address }] } : {},
  };
  return entryOf(entryUrlOf(prescription.id, 'Patient'), resource, dni);
}

function prescriberEntryOf(prescription: Prescription): Entry {
  const { prescriber } = prescription;
  // Prescriptions written before Res. 2214/2025 lack the jurisdiction code: their licence keeps no system then.
  const licence: Identifier = {
    use: 'official',
    type: { text: `Matrícula ${prescriber.licenceType} ${prescriber.jurisdiction}` },
    ...prescriber.jurisdictionCode
      ? { system: identifierSystems.licence(indecCodeOf(prescriber.jurisdictionCode)) }
      : {},
    value: prescriber.enrollment,
    ...prescriber.licenceIssuer ? { assigner: { display: prescriber.licenceIssuer } } : {},
  };
  const cuit: Identifier = { use: 'secondary', system: identifierSystems.cuit, value: prescriber.cuit };
  const refeps: Identifier | null = prescriber.refepsCode
    ? { use: 'official', system: identifierSystems.refeps, value: prescriber.refepsCode }
    : null;
  const resource: Practitioner = {
    resourceType: 'Practitioner',
    meta: { profile: [rdiProfiles.prescriber] },
    identifier: [...refeps ? [refeps] : [], licence, cuit],
    name: [nameOf(prescriber)],
    telecom: [
      ...prescriber.phone ? [{ system: 'phone' as const, value: prescriber.phone }] : [],
      ...prescriber.email ? [{ system: 'email' as const, value: prescriber.email }] : [],
    ],
    address: [{ text: prescriber.address }],
    qualification: [{
      identifier: [licence],
      code: { text: [prescriber.profession, prescriber.specialty].filter(Boolean).join(', ') },
      ...prescriber.licenceIssuer ? { issuer: { display: prescriber.licenceIssuer } } : {},
    }],
  };
  return entryOf(entryUrlOf(prescription.id, 'Practitioner'), resource, refeps ?? cuit);
}

/** The insurer and affiliate number the prescription went under; none for a patient without coverage. */
function coverageEntryOf(prescription: Prescription, patient: Entry): Entry | null {
  const { insurer, affiliateNumber } = prescription;
  if (!insurer || insurer.kind === 'particular') return null;
  const payor: Identifier = { system: identifierSystems.insurer, value: insurer.slug };
  // The affiliate's card under its insurer, as the RDI examples key a coverage; else the prescription's own.
  const card: Identifier = {
    system: `${identifierSystems.insurer}/${insurer.slug}`, value: affiliateNumber ?? prescription.id,
  };
  const resource: Coverage = {
    resourceType: 'Coverage',
    meta: { profile: [rdiProfiles.coverage] },
    identifier: [card],
    status: 'active',
    ...affiliateNumber ? { subscriberId: affiliateNumber } : {},
    beneficiary: referenceTo(patient),
    payor: [{ identifier: payor, display: insurer.acronym ? `${insurer.name} (${insurer.acronym})` : insurer.name }],
  };
  return entryOf(entryUrlOf(prescription.id, 'Coverage'), resource, card);
}

function cuirOf(item: PrescriptionItem): Identifier {
  if (!item.cuir) throw new Error(`The item ${item.id} has no CUIR: only signed prescriptions are exported`);
  return { use: 'official', system: identifierSystems.cuir, value: item.cuir };
}

/** What every request of the prescription says alike: who, by whom, when, why, under which coverage. */
function requestCommonOf({ prescription, patient, prescriber, coverage }: RequestContext) {
  const { code, description } = prescription.diagnosis;
  const diagnosis: CodeableConcept = {
    coding: [{ system: codeSystems.icd10, code, display: description }],
    text: description,
  };
  return {
    intent: 'order' as const,
    subject: referenceTo(patient, `${prescription.patient.lastName}, ${prescription.patient.name}`),
    authoredOn: prescription.signedAt ?? prescription.issuedOn,
    requester: referenceTo(prescriber, `${prescription.prescriber.lastName}, ${prescription.prescriber.name}`),
    reasonCode: [diagnosis],
    ...coverage ? { insurance: [referenceTo(coverage)] } : {},
  };
}

const groupOf = (prescription: Prescription): Identifier => ({
  system: identifierSystems.prescriptionNumber, value: String(prescription.number),
});

const isFulfilled = (item: PrescriptionItem) => item.dispensedQuantity >= item.quantity;

/** MedicationRequest's own status set: an expired prescription is stopped before all was dispensed. */
function medicationStatusOf(prescription: Prescription, item: PrescriptionItem): MedicationRequest['status'] {
  if (prescription.displayState === 'cancelled') return 'cancelled';
  if (isFulfilled(item)) return 'completed';
  return prescription.displayState === 'expired' ? 'stopped' : 'active';
}

/** The statuses of device and practice orders, which have no "cancelled": a cancelled or expired order is revoked. */
function orderStatusOf(prescription: Prescription, item: PrescriptionItem): ServiceRequest['status'] {
  if (prescription.displayState === 'cancelled') return 'revoked';
  if (isFulfilled(item)) return 'completed';
  return prescription.displayState === 'expired' ? 'revoked' : 'active';
}

function saleConditionOf(subtype: MedicationSubtype): CodeableConcept {
  return {
    coding: [{
      system: codeSystems.saleCondition,
      code: medicationSubtypeCodes[subtype],
      display: medicationSubtypeLabels[subtype],
    }],
  };
}

/** The medicine as the prescription's PDF writes it: strength, form and presentation in normal case. */
function medicationOf(item: PrescriptionItem): CodeableConcept {
  const { genericName, strength, pharmaceuticalForm, presentation } = item;
  const form = pharmaceuticalForm && medicineText(pharmaceuticalForm);
  const name = [genericName, strength && medicineText(strength), form].filter(Boolean).join(' ');
  const brand = item.brandName ? ` (${item.brandName})` : '';
  return { text: presentation ? `${name}${brand}, ${medicineText(presentation)}` : `${name}${brand}` };
}

function requestEntryOf(item: PrescriptionItem, context: RequestContext): Entry {
  const { prescription } = context;
  const cuir = cuirOf(item);
  const validity = { start: prescription.startDate, end: prescription.expiryDate };
  const common = requestCommonOf(context);
  const notes = [item.pharmacyNote].filter((text): text is string => Boolean(text)).map((text) => ({ text }));
  if (prescription.kind === 'medication') {
    const resource: MedicationRequest = {
      resourceType: 'MedicationRequest',
      meta: { profile: [rdiProfiles.medicationRequest] },
      identifier: [cuir],
      groupIdentifier: groupOf(prescription),
      status: medicationStatusOf(prescription, item),
      ...item.subtype ? { category: [saleConditionOf(item.subtype)] } : {},
      medicationCodeableConcept: medicationOf(item),
      ...common,
      dosageInstruction: [{
        ...item.dosage ? { text: item.dosage } : {},
        ...item.patientInstructions ? { patientInstruction: item.patientInstructions } : {},
      }],
      dispenseRequest: { validityPeriod: validity, quantity: { value: item.quantity } },
      substitution: { allowedBoolean: !item.noSubstitution },
      ...notes.length > 0 ? { note: notes } : {},
    };
    return entryOf(`urn:uuid:${item.id}`, resource, cuir);
  }
  const indications = [item.dosage, item.patientInstructions, item.pharmacyNote]
    .filter((text): text is string => Boolean(text)).map((text) => ({ text }));
  if (prescription.kind === 'device') {
    const resource: DeviceRequest = {
      resourceType: 'DeviceRequest',
      identifier: [cuir],
      groupIdentifier: groupOf(prescription),
      status: orderStatusOf(prescription, item),
      codeCodeableConcept: { text: item.genericName },
      parameter: [{ code: { text: 'Cantidad' }, valueQuantity: { value: item.quantity } }],
      occurrencePeriod: validity,
      ...common,
      ...indications.length > 0 ? { note: indications } : {},
    };
    return entryOf(`urn:uuid:${item.id}`, resource, cuir);
  }
  const resource: ServiceRequest = {
    resourceType: 'ServiceRequest',
    identifier: [cuir],
    requisition: groupOf(prescription),
    status: orderStatusOf(prescription, item),
    code: {
      ...item.practiceCode
        ? { coding: [{ system: codeSystems.practice, code: item.practiceCode, display: item.genericName }] }
        : {},
      text: item.genericName,
    },
    quantityQuantity: { value: item.quantity },
    occurrencePeriod: validity,
    ...common,
    ...indications.length > 0 ? { note: indications } : {},
  };
  return entryOf(`urn:uuid:${item.id}`, resource, cuir);
}

/**
 * A medicine's dispense is a MedicationDispense. A device delivered or a practice performed is
 * a Task fulfilling its request: R4's SupplyDelivery and Procedure cannot point at a
 * DeviceRequest, and Procedure carries no quantity (the sessions performed).
 */
function fulfilmentEntryOf(
  dispensation: RecordedDispensation, item: PrescriptionItem, request: Entry, context: RequestContext,
): Entry {
  const identifier: Identifier = { system: identifierSystems.dispensation, value: dispensation.id };
  const when = dispensation.dispensedAt.toISOString();
  const provider = dispensation.pharmacyName ? { display: dispensation.pharmacyName } : null;
  const fullUrl = `urn:uuid:${dispensation.id}`;
  if (context.prescription.kind === 'medication') {
    const resource: MedicationDispense = {
      resourceType: 'MedicationDispense',
      identifier: [identifier],
      status: 'completed',
      medicationCodeableConcept: medicationOf(item),
      subject: referenceTo(context.patient),
      ...provider ? { performer: [{ actor: provider }] } : {},
      authorizingPrescription: [referenceTo(request)],
      quantity: { value: dispensation.quantity },
      whenHandedOver: when,
    };
    return entryOf(fullUrl, resource, identifier);
  }
  const resource: Task = {
    resourceType: 'Task',
    identifier: [identifier],
    basedOn: [referenceTo(request)],
    status: 'completed',
    intent: 'order',
    code: { coding: [{ system: codeSystems.taskCode, code: 'fulfill' }] },
    focus: referenceTo(request),
    for: referenceTo(context.patient),
    authoredOn: when,
    executionPeriod: { start: when, end: when },
    ...provider ? { owner: provider } : {},
    output: [{
      type: { text: context.prescription.kind === 'device' ? 'Cantidad entregada' : 'Sesiones realizadas' },
      valueQuantity: { value: dispensation.quantity },
    }],
  };
  return entryOf(fullUrl, resource, identifier);
}
