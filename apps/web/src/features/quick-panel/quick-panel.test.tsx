import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';
import { QuickPanel } from './quick-panel.tsx';

const routes = [{ path: '/', element: <QuickPanel /> }];

describe('quick panel', () => {
  it('reads nothing until it is opened, then shows today, the drafts and the latest events', async () => {
    const requests = stubApi({
      'GET /api/quick-panel/data': () => ({
        today: '2026-11-22',
        drafts: { total: 7, latest: [{ id: 'p-1', number: 1043, patient: 'Juan Pérez', createdAt: '2026-11-21T13:00:00Z' }] },
        events: [{
          id: 'e-1', kind: 'dispensed', at: '2026-11-21T15:30:00Z', prescriptionId: 'p-9', prescriptionNumber: 998, patient: 'Rosa Díaz',
        }],
      }),
    });
    renderRoutes(routes, { user: makeUser() });
    expect(requests).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Abrir el panel rápido' }));

    const panel = await screen.findByRole('dialog', { name: 'Panel rápido' });
    expect(await within(panel).findByText('22/11/2026')).toBeTruthy();
    expect(within(panel).getByText('7 borradores sin firmar')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'N.º 1043 · Juan Pérez' }).getAttribute('href')).toBe('/prescriptions/p-1');
    expect(within(panel).getByRole('link', { name: 'Dispensada · N.º 998 · Rosa Díaz' }).getAttribute('href')).toBe('/prescriptions/p-9');
    expect(within(panel).getByText('21/11/2026 12:30')).toBeTruthy();
  });

  it('says when there is nothing pending', async () => {
    stubApi({ 'GET /api/quick-panel/data': () => ({ today: '2026-11-22', drafts: { total: 0, latest: [] }, events: [] }) });
    renderRoutes(routes, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Abrir el panel rápido' }));
    const panel = await screen.findByRole('dialog', { name: 'Panel rápido' });
    expect(await within(panel).findByText('No tiene borradores pendientes.')).toBeTruthy();
    expect(within(panel).getByText('Todavía no hay actividad en sus prescripciones.')).toBeTruthy();
  });
});
