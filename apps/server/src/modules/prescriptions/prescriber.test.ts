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
  refepsCode: '123456',
  email: 'ana.perez@receta.test',
  phone: '1145678901',
  restrictedAuthorisedOn: null,
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
      jurisdictionCode: 'MN',
      refepsCode: '123456',
      licenceIssuer: 'Ministerio de Salud de la Nación',
      email: 'ana.perez@receta.test',
      phone: '1145678901',
      restrictedAuthorisedOn: null,
    });
  });

  it("prints a province's licence as a Matrícula Provincial with the province's name", () => {
    const provincial = prescriberOf({ ...doctor, jurisdictionCode: 'CBA', jurisdictionName: 'Córdoba' });
    expect(provincial).toMatchObject({
      licenceType: 'MP', jurisdiction: 'Córdoba', jurisdictionCode: 'CBA', licenceIssuer: 'Ministerio de Salud de Córdoba',
    });
  });

  it('names the ministry of a licence of Buenos Aires or of the City by their full names', () => {
    expect(prescriberOf({ ...doctor, jurisdictionCode: 'BUE' }).licenceIssuer)
      .toBe('Ministerio de Salud de la Provincia de Buenos Aires');
    expect(prescriberOf({ ...doctor, jurisdictionCode: 'CABA' }).licenceIssuer)
      .toBe('Ministerio de Salud de la Ciudad Autónoma de Buenos Aires');
  });

  it('leaves out an address part the doctor did not give', () => {
    expect(prescriberOf({ ...doctor, apartment: null }).address).toBe('Av. Corrientes 1234, Balvanera, CABA');
  });
});
