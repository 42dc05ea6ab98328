import { messages, nationalJurisdiction, provinces, type Prescriber } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findPrescribingDoctor, lockPrescribingDoctor, type PrescribingDoctor } from './prescriptions.repository.ts';

/** The provinces whose name reads as a ministry's only with its full form. */
const formalProvinceNames: Record<string, string> = {
  BUE: 'la Provincia de Buenos Aires',
  CABA: 'la Ciudad Autónoma de Buenos Aires',
};

/**
 * Who issued a licence (Res. 2214/2025 Annex II, "entidad emisora"): the health ministry of its
 * jurisdiction, the nation's for a Matrícula Nacional (docs/decisions/034).
 */
export function licenceIssuerOf(jurisdictionCode: string): string {
  if (jurisdictionCode === nationalJurisdiction.code) return 'Ministerio de Salud de la Nación';
  const name = formalProvinceNames[jurisdictionCode]
    ?? provinces.find((province) => province.code === jurisdictionCode)?.name
    ?? jurisdictionCode;
  return `Ministerio de Salud de ${name}`;
}

/**
 * The prescriber as the prescription prints it. A licence of the national jurisdiction is a
 * Matrícula Nacional (MN); any province's is a Matrícula Provincial (MP).
 */
export function prescriberOf(doctor: PrescribingDoctor): Prescriber {
  return {
    userId: doctor.userId,
    name: doctor.name,
    lastName: doctor.lastName,
    cuit: doctor.cuit,
    licenceType: doctor.jurisdictionCode === nationalJurisdiction.code ? 'MN' : 'MP',
    enrollment: doctor.enrollment,
    // A lookup row is never deleted (only marked inactive); the code stands in if one ever is.
    jurisdiction: doctor.jurisdictionName ?? doctor.jurisdictionCode,
    profession: doctor.professionLabel ?? '',
    specialty: doctor.specialtyName ?? '',
    address: [doctor.address, doctor.apartment, doctor.district, doctor.province].filter(Boolean).join(', '),
    jurisdictionCode: doctor.jurisdictionCode,
    refepsCode: doctor.refepsCode,
    licenceIssuer: licenceIssuerOf(doctor.jurisdictionCode),
    email: doctor.email,
    phone: doctor.phone,
    restrictedAuthorisedOn: doctor.restrictedAuthorisedOn,
  };
}

/** The approved doctor as their certificate names them, PIN or not; undefined for any other account. */
export async function findPrescriber(db: Database, userId: string): Promise<Prescriber | undefined> {
  const doctor = await findPrescribingDoctor(db, userId);
  return doctor && prescriberOf(doctor);
}

/**
 * The snapshot of the user as prescriber. Spec section 6: only doctors with valid licences
 * may issue, so the account must be an approved doctor's with the signing PIN already set.
 * For signing, the doctor's row stays share-locked until the transaction ends.
 */
export async function requirePrescriber(
  db: Database, userId: string, { lockForSigning = false } = {},
): Promise<Prescriber> {
  const doctor = lockForSigning ? await lockPrescribingDoctor(db, userId) : await findPrescribingDoctor(db, userId);
  if (!doctor?.hasPin) throw AppError.forbidden(messages.prescriptions.notDoctor);
  return prescriberOf(doctor);
}
