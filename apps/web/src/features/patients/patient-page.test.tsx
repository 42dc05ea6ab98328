import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { doctor, makePatient, makePrescription } from '../../test/prescription-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';

const patient = makePatient();
const prescription = makePrescription({
  number: 2048, startDate: '2026-03-10', expiryDate: '2026-04-08',
  diagnosis: { code: 'I10', description: 'Hipertensión esencial (primaria)' },
});

function visitPatient() {
  const requests = stubApi({
    [`GET /api/patients/${patient.id}`]: () => patient,
    'GET /api/prescriptions': () => ({ items: [prescription], total: 1, page: 1, pageSize: 10 }),
  });
  renderRoutes(routes, { path: `/patients/${patient.id}`, user: doctor });
  return requests;
}

describe('the patient\'s page', () => {
  it('lists the patient\'s prescriptions with the spec\'s patient fields', async () => {
    const requests = visitPatient();
    const table = await screen.findByRole('table', { name: 'Prescripciones del paciente' });

    const row = await within(table).findByRole('row', { name: /2048/ });
    for (const text of ['Firmado, vigente', '10/03/2026', '08/04/2026', 'I10', 'Hipertensión esencial (primaria)', 'MN 123456']) {
      expect(within(row).getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    const list = requests.find((request) => request.path === '/api/prescriptions');
    expect(list?.url.searchParams.get('patientId')).toBe(patient.id);
  });

  it('keeps validity, expiry, diagnosis and licence under the number where the wide columns do not fit', async () => {
    visitPatient();
    const table = await screen.findByRole('table', { name: 'Prescripciones del paciente' });
    const numberCell = await within(table).findByRole('cell', { name: /^2048/ });

    expect(within(numberCell).getByText('Vigencia: 10/03/2026')).toBeTruthy();
    expect(within(numberCell).getByText('Vencimiento: 08/04/2026')).toBeTruthy();
    expect(within(numberCell).getByText('I10 Hipertensión esencial (primaria)')).toBeTruthy();
    expect(within(numberCell).getByText('Matrícula: MN 123456')).toBeTruthy();
  });
});
