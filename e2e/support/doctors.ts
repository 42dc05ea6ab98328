import { randomInt } from 'node:crypto';
import { hasValidCuitCheckDigit } from '@receta/domain';

export interface TestDoctor {
  name: string;
  lastName: string;
  /** dd/mm/yyyy, as the wizard takes it. */
  birthDate: string;
  dni: string;
  cuit: string;
  phoneNumber: string;
  address: string;
  district: string;
  province: string;
  email: string;
  password: string;
  profession: string;
  specialty: string;
  jurisdiction: string;
  enrollment: string;
  /** The Licencia Sanitaria Federal (REFEPS code). */
  refepsCode: string;
}

/** A CUIT for the DNI with a valid check digit; 20 is the prefix of men, 27 of women, 23 when neither works. */
export function cuitFor(dni: string): string {
  for (const prefix of ['27', '20', '23']) {
    for (let digit = 0; digit <= 9; digit += 1) {
      const cuit = `${prefix}${dni}${digit}`;
      if (hasValidCuitCheckDigit(cuit)) return cuit;
    }
  }
  throw new Error(`No CUIT for DNI ${dni}`);
}

/** A doctor nobody registered yet in this run: unique DNI, CUIT and email. */
export function makeDoctor(overrides: Partial<TestDoctor> = {}): TestDoctor {
  const dni = String(randomInt(20_000_000, 45_000_000));
  return {
    name: 'Ana María',
    lastName: 'Gómez',
    birthDate: '15/03/1985',
    dni,
    cuit: cuitFor(dni),
    phoneNumber: `11${randomInt(10_000_000, 99_999_999)}`,
    address: 'Av. Corrientes 1234',
    district: 'Balvanera',
    province: 'CABA',
    email: `medica.${dni}@receta.test`,
    password: 'Clave-Segura-2026',
    profession: 'Médico',
    specialty: 'Clínica Médica',
    jurisdiction: 'CABA',
    enrollment: String(randomInt(10_000, 999_999)),
    refepsCode: String(randomInt(1, 99_999_999)),
    ...overrides,
  };
}
