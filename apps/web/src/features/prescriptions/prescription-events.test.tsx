import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { doctor, makePrescription } from '../../test/prescription-fixtures.ts';

const prescription = makePrescription();
const laura = { id: 'user-1', displayName: 'Laura Gómez' };

describe('prescription history', () => {
  it('lists the events oldest first, with the time in Argentina, who did it and the detail', async () => {
    stubApi({
      [`GET /api/prescriptions/${prescription.id}`]: () => prescription,
      [`GET /api/prescriptions/${prescription.id}/events`]: () => ({
        events: [
          { id: 'e3', kind: 'opened', at: '2026-03-02T14:30:00Z', actor: null, detail: null },
          { id: 'e1', kind: 'created', at: '2026-03-02T13:00:00Z', actor: laura, detail: null },
          { id: 'e2', kind: 'sent', at: '2026-03-02T13:05:00Z', actor: laura, detail: 'Por email' },
        ],
      }),
    });
    renderRoutes(routes, { path: `/prescriptions/${prescription.id}`, user: doctor });

    const history = (await screen.findByRole('heading', { level: 2, name: 'Historial' })).closest('section')!;
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Creada02/03/2026 10:00Laura Gómez',
      'Enviada al paciente02/03/2026 10:05Laura GómezPor email',
      'Abierta por el paciente02/03/2026 11:30El paciente',
    ]);
  });

  it('says when nothing has happened yet', async () => {
    stubApi({
      [`GET /api/prescriptions/${prescription.id}`]: () => prescription,
      [`GET /api/prescriptions/${prescription.id}/events`]: () => ({ events: [] }),
    });
    renderRoutes(routes, { path: `/prescriptions/${prescription.id}`, user: doctor });

    expect(await screen.findByText('Todavía no hay movimientos.')).toBeTruthy();
  });
});
