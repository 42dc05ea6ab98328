import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows every one of those fields on a phone, where each prescription is a card', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined,
    }));
    visitPatient();
    const cards = await screen.findByRole('list', { name: 'Prescripciones del paciente' });
    const card = await within(cards).findByRole('listitem');

    expect(within(card).getByText('2048')).toBeTruthy();
    const shown = within(card).getAllByRole('definition').map((value) => value.textContent);
    const labels = within(card).getAllByRole('term').map((label) => label.textContent);
    expect(Object.fromEntries(labels.map((label, index) => [label, shown[index]]))).toEqual({
      Estado: 'Firmado, vigente',
      Vigencia: '10/03/2026',
      Vencimiento: '08/04/2026',
      'Diagnóstico (CIE 10)': 'I10Hipertensión esencial (primaria)',
      Matrícula: 'MN 123456',
    });
  });
});
