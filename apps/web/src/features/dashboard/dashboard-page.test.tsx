import {
  dashboardPeriodOf, messages, type AdminDashboard, type DashboardPeriod, type MedicalDashboard,
} from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const doctor = makeUser({
  roles: ['fds.medical'],
  scope: ['owner.prescription', 'dashboard.medical'],
  workspaces: [{ id: 'w1', name: 'Consultorio Pérez', avatarUri: null }],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

const superadmin = makeUser({
  roles: ['superadmin'],
  scope: ['dashboard.medical', 'index.not.authorized.user', 'index.prescription'],
  workspaces: [],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

function periodOf(request: FakeRequest): DashboardPeriod {
  return { from: request.url.searchParams.get('from') ?? '', to: request.url.searchParams.get('to') ?? '' };
}

function medicalDashboard(request: FakeRequest): MedicalDashboard {
  return {
    period: periodOf(request),
    reach: 'own',
    totals: { issued: 12345, signed: 11000, patients: 87 },
    perMonth: [
      { month: '2026-01', issued: 0, signed: 0 },
      { month: '2026-02', issued: 5000, signed: 4500 },
      { month: '2026-03', issued: 7345, signed: 6500 },
    ],
    byState: [
      { state: 'draft', count: 134 }, { state: 'pending', count: 0 }, { state: 'valid', count: 600 },
      { state: 'partially_dispensed', count: 0 }, { state: 'dispensed', count: 400 }, { state: 'cancelled', count: 50 },
      { state: 'expired', count: 50 },
    ],
    byType: [{ type: 'classic', count: 1000 }, { type: 'chronic', count: 234 }],
    topMedications: [{ genericName: 'Enalapril Maleato', count: 300 }, { genericName: 'Metformina Clorhidrato', count: 120 }],
    topDiagnoses: [{ code: 'I10', description: 'Hipertensión esencial (primaria)', count: 410 }],
  };
}

function adminDashboard(request: FakeRequest): AdminDashboard {
  return {
    period: periodOf(request),
    pendingApprovals: 3,
    activeDoctors: 42,
    totals: { issued: 9, signed: 8 },
    perDay: [{ date: '2026-03-01', issued: 4, signed: 4 }, { date: '2026-03-02', issued: 5, signed: 4 }],
  };
}

/** The card of a figure, once the figures have come. */
async function figureCard(label: string): Promise<HTMLElement> {
  return (await screen.findByText(label)).closest('.MuiCard-root') as HTMLElement;
}

describe('the dashboard', () => {
  it("shows a doctor's figures of the last twelve months, with each chart's figures as a table", async () => {
    const requests = stubApi({ 'GET /api/dashboard/medical': medicalDashboard });
    renderRoutes(routes, { path: '/dashboard', user: doctor });

    await screen.findByRole('heading', { level: 2, name: 'Mis prescripciones' });
    expect(periodOf(requests.find((request) => request.path === '/api/dashboard/medical')!))
      .toEqual(dashboardPeriodOf('last12Months'));
    expect(within(await figureCard('Prescripciones emitidas')).getByText('12.345')).toBeTruthy();
    expect(within(await figureCard('Pacientes')).getByText('87')).toBeTruthy();

    const chart = screen.getByRole('figure', { name: 'Prescripciones por mes' });
    expect(chart.textContent).toContain('12.345 prescripciones emitidas y 11.000 firmadas; el mes con más fue marzo de 2026, con 7345.');
    // The drawing is for the eye only: once it has loaded, it offers the keyboard no stop.
    const drawing = chart.querySelector('[aria-hidden="true"]')!;
    await waitFor(() => expect(drawing.querySelector('svg')).toBeTruthy());
    expect(drawing.querySelectorAll('[tabindex="0"]')).toHaveLength(0);
    const hiddenTable = within(chart).getByRole('table', { name: 'Prescripciones por mes' });
    expect(within(hiddenTable).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'MesEmitidasFirmadas', 'enero de 202600', 'febrero de 202650004500', 'marzo de 202673456500',
    ]);

    const states = screen.getByRole('table', { name: 'Por estado' });
    expect(within(states).getByRole('row', { name: 'Firmado, vigente 600' })).toBeTruthy();
    const medications = screen.getByRole('table', { name: 'Medicamentos más recetados' });
    expect(within(medications).getAllByRole('row').map((row) => row.textContent))
      .toEqual(['Medicamento (nombre genérico)Prescripciones', 'Enalapril Maleato300', 'Metformina Clorhidrato120']);
    expect(screen.getByRole('table', { name: 'Diagnósticos más frecuentes' }).textContent)
      .toContain('I10 — Hipertensión esencial (primaria)410');
    // A doctor is no moderator: the platform's figures are not asked for.
    expect(requests.some((request) => request.path === '/api/dashboard/admin')).toBe(false);
  });

  it('asks for a preset period in one click and for typed dates with "Ver"', async () => {
    const requests = stubApi({ 'GET /api/dashboard/medical': medicalDashboard });
    renderRoutes(routes, { path: '/dashboard', user: doctor });
    await screen.findByRole('heading', { level: 2, name: 'Mis prescripciones' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Este mes' }));
    await waitFor(() => expect(periodOf(requests.at(-1)!)).toEqual(dashboardPeriodOf('thisMonth')));
    expect(screen.getByRole('button', { name: 'Este mes' }).getAttribute('aria-pressed')).toBe('true');

    const from = screen.getByRole('textbox', { name: 'Desde' });
    const to = screen.getByRole('textbox', { name: 'Hasta' });
    await user.clear(from);
    await user.type(from, '01022026');
    await user.clear(to);
    await user.type(to, '28022026');
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    await waitFor(() => expect(periodOf(requests.at(-1)!)).toEqual({ from: '2026-02-01', to: '2026-02-28' }));
    expect(screen.getByText('Del 01/02/2026 al 28/02/2026, según la fecha de emisión de cada prescripción.')).toBeTruthy();
  });

  it('refuses a period that ends before it starts, in Spanish, without asking the server', async () => {
    const requests = stubApi({ 'GET /api/dashboard/medical': medicalDashboard });
    renderRoutes(routes, { path: '/dashboard?from=2026-02-01&to=2026-02-28', user: doctor });
    await screen.findByRole('heading', { level: 2, name: 'Mis prescripciones' });
    const asked = requests.length;
    const user = userEvent.setup();

    const from = screen.getByRole('textbox', { name: 'Desde' });
    await user.clear(from);
    await user.type(from, '15032026');
    await user.click(screen.getByRole('button', { name: 'Ver' }));

    expect(await screen.findByText(messages.dashboard.periodReversed)).toBeTruthy();
    expect(requests).toHaveLength(asked);
  });

  it("shows a moderator without a workspace the platform's figures only", async () => {
    const requests = stubApi({ 'GET /api/dashboard/admin': adminDashboard });
    renderRoutes(routes, { path: '/dashboard', user: superadmin });

    await screen.findByRole('heading', { level: 2, name: 'Toda la plataforma' });
    expect(within(await figureCard('Cuentas por autorizar')).getByText('3')).toBeTruthy();
    expect(within(await figureCard('Cuentas por autorizar')).getByRole('link', { name: 'Revisar' }).getAttribute('href'))
      .toBe('/users/notAuthorized');
    expect(within(await figureCard('Médicos activos')).getByText('42')).toBeTruthy();
    const chart = screen.getByRole('figure', { name: 'Prescripciones por día' });
    expect(chart.textContent).toContain('9 prescripciones emitidas y 8 firmadas; el día con más fue el 02/03/2026, con 5.');
    expect(within(chart).getAllByRole('row').map((row) => row.textContent))
      .toEqual(['DíaEmitidasFirmadas', '01/03/202644', '02/03/202654']);
    expect(requests.some((request) => request.path === '/api/dashboard/medical')).toBe(false);
  });
});
