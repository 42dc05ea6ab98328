import {
  formatDisplayDate, medicationSubtypeLabels, prescriptionDisplayStateLabels, prescriptionKindLabels,
  prescriptionTypeLabels, type Patient, type Prescription,
} from '@receta/domain';
import type { AccountCredentials, FiscalizationSummary, SeededPrescription } from './fiscalization-seed.ts';

function accountLines(title: string, account: AccountCredentials, password: string, extra: string[] = []): string[] {
  return [
    `  ${title}`,
    `    email:         ${account.email}`,
    `    contraseña:    ${password}`,
    ...extra,
    `    secreto TOTP:  ${account.totpSecret}`,
    `    URI otpauth:   ${account.otpauthUri}`,
  ];
}

function identityOf(patient: Patient | Prescription['patient']): string {
  const document = patient.identityDocument
    ? `${patient.identityDocument.type} ${patient.identityDocument.number}`
    : `CUIL ${patient.cuil ?? '-'}`;
  return `${patient.name} ${patient.lastName}, DNI ${patient.dni}, ${document}`;
}

function coverageOf(prescription: Prescription): string {
  if (!prescription.insurer) return 'Particular (sin cobertura)';
  const name = prescription.insurer.acronym ?? prescription.insurer.name;
  return prescription.affiliateNumber ? `${name}, afiliado ${prescription.affiliateNumber}` : name;
}

function prescriptionLines(seeded: SeededPrescription) {
  const { label, prescription, saleConditions, verificationCode, verificationUrl } = seeded;
  const series = prescription.type === 'chronic' ? ` ${prescription.seriesPosition}/${prescription.seriesLength}` : '';
  return [
    `  N.º ${prescription.number} · ${label}`,
    `    ${prescriptionKindLabels[prescription.kind]} · ${prescriptionTypeLabels[prescription.type]}${series}`
    + ` · ${prescriptionDisplayStateLabels[prescription.displayState]}`
    + ` (del ${formatDisplayDate(prescription.startDate)} al ${formatDisplayDate(prescription.expiryDate)})`,
    `    paciente: ${identityOf(prescription.patient)} · cobertura: ${coverageOf(prescription)}`,
    ...prescription.items.map((item, index) => {
      const condition = saleConditions[index];
      const name = item.brandName ? `${item.genericName} (${item.brandName})` : item.genericName;
      const subtype = item.subtype ? ` · ${condition ?? ''}: ${medicationSubtypeLabels[item.subtype]}` : '';
      return `    - ${name} ×${item.quantity}${subtype} · CUIR ${item.cuir ?? '-'}`;
    }),
    `    código de verificación: ${verificationCode} · ${verificationUrl}`,
  ];
}

/**
 * The handover sheet the seed prints: the accounts to sign in with and every case made, with
 * the codes and links an auditor checks. A password set in ADMIN_PASSWORD is not repeated.
 */
export function formatFiscalizationReport(
  summary: FiscalizationSummary, options: { publicUrl: string; isSuperadminPasswordConfigured: boolean },
): string {
  const { superadmin, doctor, pharmacy } = summary;
  return [
    '',
    'Entorno de fiscalización cargado (Disposición DNSISA 1/2025, Anexo I).',
    `Ingreso: ${options.publicUrl}/login con la contraseña y el código de 6 dígitos de una aplicación de`,
    'autenticación (Google Authenticator, FreeOTP, ...) a la que se agrega el secreto TOTP o el URI otpauth.',
    'La carga usó el código de este momento: si la aplicación muestra ese mismo, espere el siguiente.',
    '',
    'Cuentas',
    ...accountLines(
      'Superadministrador', superadmin, options.isSuperadminPasswordConfigured ? '(la de ADMIN_PASSWORD)' : superadmin.password,
    ),
    ...accountLines(
      `Médica: ${doctor.name} (autorizada a prescribir medicamentos de expendio legalmente restringido)`,
      doctor, doctor.password, [`    PIN de firma:  ${doctor.pin}`],
    ),
    ...accountLines(`Farmacia: ${pharmacy.name}`, pharmacy, pharmacy.password),
    '',
    'Pacientes (ficticios)',
    ...summary.patients.map(({ label, patient }) => `  ${label}: ${identityOf(patient)}`),
    '',
    'Recetas (firmadas con el PIN; la verificación pública no pide ingreso)',
    ...summary.prescriptions.flatMap((seeded) => [
      ...prescriptionLines(seeded),
      ...seeded.dispensing ? [`    dispensada por ${pharmacy.name}: ${prescriptionDisplayStateLabels[seeded.prescription.displayState]}`] : [],
    ]),
    '',
  ].join('\n');
}
