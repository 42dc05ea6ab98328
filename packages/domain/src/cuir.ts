import { nationalJurisdiction, provinces } from './provinces.ts';

/**
 * The official CUIR (Clave Única de Identificación de Receta), Res. 2214/2025 Annex IV: one per
 * prescribed item, 41 digits in six modules. docs/decisions/034 says where each comes from.
 */

/** Annex I, in its order: what is prescribed. Module 4's first two digits. */
export const cuirPrescriptionTypeCodes = { medication: '01', device: '02', practice: '03' } as const;
export type CuirPrescriptionType = keyof typeof cuirPrescriptionTypeCodes;

/**
 * Annex I: the subtypes of a medication prescription, from the ANMAT condition of sale of the
 * medicine (Decreto 345/2024's names). Module 4's last two digits; `00` for devices and practices.
 */
export const medicationSubtypes = ['free', 'prescription', 'archived', 'restricted'] as const;
export type MedicationSubtype = (typeof medicationSubtypes)[number];
export const medicationSubtypeCodes: Record<MedicationSubtype, string> = {
  free: '01',
  prescription: '02',
  archived: '03',
  restricted: '04',
};
export const medicationSubtypeLabels: Record<MedicationSubtype, string> = {
  free: 'Expendio libre',
  prescription: 'Expendio bajo receta',
  archived: 'Expendio bajo receta archivada',
  restricted: 'Expendio legalmente restringido',
};

/** The subtypes whose prescriptions are kept at least three years (Res. 2214/2025 art. 2). */
export const controlledSubtypes: readonly MedicationSubtype[] = ['archived', 'restricted'];

/**
 * The subtype of a presentation sold under `saleCondition`, as ANMAT's vademecum writes it.
 * "Oficial" forms are psychotropics of list II and narcotics of lists I-II: legally restricted.
 * Every "archivada" (antimicrobials, psychotropics III-IV, narcotics III) is archived. A
 * presentation without a condition, or a medicine written by hand, is sold under prescription:
 * the product never lowers a medicine below what a pharmacist would ask for.
 */
export function subtypeOfSaleCondition(saleCondition: string | null | undefined): MedicationSubtype {
  const condition = (saleCondition ?? '').toLowerCase();
  if (condition.includes('oficial')) return 'restricted';
  if (condition.includes('archivada')) return 'archived';
  if (condition.includes('venta libre') || condition.includes('expendio libre')) return 'free';
  return 'prescription';
}

/** INDEC's two-digit codes (Res. INDEC 55/2019) of the jurisdictions, by the product's code. */
const indecCodes: Record<string, string> = {
  CABA: '02', BUE: '06', CAT: '10', CBA: '14', CTE: '18', CHA: '22', CHU: '26', ERI: '30', FOR: '34',
  JUY: '38', LPA: '42', LRJ: '46', MZA: '50', MIS: '54', NQN: '58', RNG: '62', SAL: '66', SJU: '70',
  SLU: '74', SCR: '78', SFE: '82', SGO: '86', TUC: '90', TDF: '94', [nationalJurisdiction.code]: '00',
};

/** The INDEC code of a licence's jurisdiction, by the product's code ('CABA', 'BUE', 'MN'…). */
export function indecCodeOf(jurisdictionCode: string): string {
  const code = indecCodes[jurisdictionCode];
  if (!code) throw new Error(`No INDEC code for jurisdiction ${jurisdictionCode}`);
  return code;
}

/** Every jurisdiction's INDEC code by its product code, provinces first and the nation last. */
export const jurisdictionIndecCodes = [...provinces.map((province) => province.code), nationalJurisdiction.code]
  .map((code) => ({ code, indecCode: indecCodeOf(code) }));

export interface CuirParts {
  /** Module 1: the prescribing platform's code in the national registry. */
  platform: string;
  /** Module 2: the repository's code in the national registry. */
  repository: string;
  /** Module 3: the INDEC code of the licence's jurisdiction. */
  jurisdiction: string;
  /** Module 4: type (Annex I) and subtype (the condition of sale; `00` outside medications). */
  type: string;
  subtype: string;
  /** Module 5: the prescription's group number, zero-padded to 25 digits. */
  group: string;
  /** Module 6: the item's number on its prescription, from 01. */
  item: string;
}

const moduleLengths: Record<keyof CuirParts, number> = {
  platform: 4, repository: 4, jurisdiction: 2, type: 2, subtype: 2, group: 25, item: 2,
};
const moduleOrder = Object.keys(moduleLengths) as Array<keyof CuirParts>;

export const cuirLength = 41;
export const cuirPattern = /^\d{41}$/;

/** The 41 digits of a CUIR; throws when a module has the wrong number of digits. */
export function composeCuir(parts: CuirParts): string {
  return moduleOrder.map((module) => {
    const digits = parts[module];
    if (!new RegExp(`^\\d{${moduleLengths[module]}}$`).test(digits)) {
      throw new Error(`CUIR module ${module} must have ${moduleLengths[module]} digits: ${digits}`);
    }
    return digits;
  }).join('');
}

/** The six modules of a CUIR, or undefined when `cuir` is not 41 digits. */
export function decomposeCuir(cuir: string): CuirParts | undefined {
  if (!cuirPattern.test(cuir)) return undefined;
  let offset = 0;
  const parts = {} as CuirParts;
  for (const module of moduleOrder) {
    parts[module] = cuir.slice(offset, offset + moduleLengths[module]);
    offset += moduleLengths[module];
  }
  return parts;
}

/** The group number module: a prescription's platform-wide number, zero-padded. */
export function cuirGroupOf(prescriptionNumber: number): string {
  return String(prescriptionNumber).padStart(moduleLengths.group, '0');
}

/** The item module: an item's 1-based position on its prescription. */
export function cuirItemOf(position: number): string {
  return String(position).padStart(moduleLengths.item, '0');
}
