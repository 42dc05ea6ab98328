import { describe, expect, it } from 'vitest';
import { prescriberOf } from './prescriber.ts';
import type { PrescribingDoctor } from './prescriptions.repository.ts';

const doctor: PrescribingDoctor = {
  userId: '6f1c1b6e-6a52-4d55-9a43-0a4a3c0c1f10',
  name: 'Ana',
  lastName: 'Pérez',
  cuit: '27123456784',
  enrollment: '123456',
  jurisdictionCode: 'MN',
  jurisdictionName: 'Nacional (Ministerio de Salud de la Nación)',
  professionLabel: 'Médico',
  specialtyName: 'Cardiología',
  address: 'Av. Corrientes 1234',
  apartment: '5B',
  district: 'Balvanera',
  province: 'CABA',
  hasPin: true,
};

describe('prescriberOf', () => {
  it('prints a licence of the national jurisdiction as a Matrícula Nacional', () => {
    expect(prescriberOf(doctor)).toEqual({
      userId: doctor.userId,
      name: 'Ana',
      lastName: 'Pérez',
      cuit: '27123456784',
      licenceType: 'MN',
      enrollment: '123456',
      jurisdiction: 'Nacional (Ministerio de Salud de la Nación)',
      profession: 'Médico',
      specialty: 'Cardiología',
      address: 'Av. Corrientes 1234, 5B, Balvanera, CABA',
    });
  });

  it("prints a province's licence as a Matrícula Provincial with the province's name", () => {
    const provincial = prescriberOf({ ...doctor, jurisdictionCode: 'CBA', jurisdictionName: 'Córdoba' });
    expect(provincial).toMatchObject({ licenceType: 'MP', jurisdiction: 'Córdoba' });
  });

  it('leaves out an address part the doctor did not give', () => {
    expect(prescriberOf({ ...doctor, apartment: null }).address).toBe('Av. Corrientes 1234, Balvanera, CABA');
  });
});
