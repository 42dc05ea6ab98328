import { messages } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { doctor, makePrescription } from '../../test/prescription-fixtures.ts';

function pageOf(items: unknown[]) {
  return { items, total: items.length, page: 1, pageSize: 10 };
}

afterEach(() => vi.restoreAllMocks());

describe('prescriptions list', () => {
  it('shows every column of the spec, dates as DD/MM/YYYY, and asks for the doctor\'s own newest first', async () => {
    const requests = stubApi({ 'GET /api/prescriptions': () => pageOf([makePrescription()]) });
    renderRoutes(routes, { path: '/myPrescriptions', user: doctor });

    const table = await screen.findByRole('table', { name: 'Mis prescripciones' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      '', 'N.º de receta', 'Clase', 'Paciente', 'Fecha de nacimiento', 'Apellido', 'DNI', 'Financiador', 'N.º de afiliado',
      'Estado', 'Vigencia', 'Vencimiento', 'Emisor', 'Matrícula', 'Diagnóstico (CIE 10)', 'Síntomas', 'Creada el', 'Acciones',
    ]);

    const row = await within(table).findByRole('row', { name: /1024/ });
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1, 17)).toEqual([
      '1024', 'Medicamentos', 'Ana', '15/03/1985', 'Pérez', '30123456', 'OSDE', '61 234567 8 01', 'Firmado, vigente', '02/03/2026',
      '31/03/2026', 'Gómez, Laura', 'MN 123456', 'J45.0Asma predominantemente alérgica', 'Disnea nocturna', '02/03/2026',
    ]);
    expect(within(row).getByRole('link', { name: 'Ver la receta 1024' }).getAttribute('href'))
      .toBe('/prescriptions/a3f1c2d4-1111-4222-8333-444455556666');
    // A signed prescription cannot be edited.
    expect(within(row).queryByRole('link', { name: 'Editar la receta 1024' })).toBeNull();

    const query = requests.find((request) => request.path === '/api/prescriptions')?.url.searchParams;
    expect(query?.get('mine')).toBe('true');
    expect(query?.get('sort')).toBe('createdAt');
    expect(query?.get('order')).toBe('desc');
  });

  it('names each prescription\'s kind in one word', async () => {
    const rows = (['device', 'practice'] as const).map((kind, index) => makePrescription({
      id: `a3f1c2d4-1111-4222-8333-00000000102${index}`, number: 1020 + index, kind,
    }));
    stubApi({ 'GET /api/prescriptions': () => pageOf(rows) });
    renderRoutes(routes, { path: '/myPrescriptions', user: doctor });

    const table = await screen.findByRole('table', { name: 'Mis prescripciones' });
    const kindOf = (number: number) => {
      const row = within(table).getByRole('row', { name: new RegExp(`${number}`) });
      return within(row).getAllByRole('cell')[2]?.textContent;
    };
    expect(await within(table).findByText('1020')).toBeTruthy();
    expect([kindOf(1020), kindOf(1021)]).toEqual(['Dispositivos', 'Prácticas']);
  });

  it('offers to edit a draft through its insurer\'s form', async () => {
    stubApi({ 'GET /api/prescriptions': () => pageOf([makePrescription({ state: 'draft', displayState: 'draft', signed: false })]) });
    renderRoutes(routes, { path: '/myPrescriptions', user: doctor });

    const edit = await screen.findByRole('link', { name: 'Editar la receta 1024' });
    expect(edit.getAttribute('href')).toBe('/prescriptions/osde-400800/a3f1c2d4-1111-4222-8333-444455556666/edit');
  });

  it('says there are no prescriptions when the list is empty', async () => {
    stubApi({ 'GET /api/prescriptions': () => pageOf([]) });
    renderRoutes(routes, { path: '/myPrescriptions', user: doctor });

    expect(await screen.findByText(messages.prescriptions.empty)).toBeTruthy();
  });

  it('lists only the signed ones at /prescriptions/signed', async () => {
    const requests = stubApi({ 'GET /api/prescriptions': () => pageOf([]) });
    renderRoutes(routes, { path: '/prescriptions/signed', user: doctor });

    expect(await screen.findByRole('heading', { level: 1, name: 'Prescripciones firmadas' })).toBeTruthy();
    await screen.findByText(messages.prescriptions.empty);
    expect(requests.find((request) => request.path === '/api/prescriptions')?.url.searchParams.get('signed')).toBe('true');
  });

  it('signs the chosen drafts together with one PIN', async () => {
    const drafts = [1024, 1025].map((number) => makePrescription({
      id: `a3f1c2d4-1111-4222-8333-00000000${number}`, number, state: 'draft', displayState: 'draft', signed: false, signedAt: null,
    }));
    const requests = stubApi({
      'GET /api/prescriptions': () => pageOf(drafts),
      'POST /api/prescriptions/sign': () => ({ message: messages.prescriptions.signed, prescriptions: [] }),
    });
    renderRoutes(routes, { path: '/myPrescriptions', user: doctor });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Elegir la receta 1024' }));
    await user.click(screen.getByRole('checkbox', { name: 'Elegir la receta 1025' }));
    await user.click(screen.getByRole('button', { name: 'Firmar seleccionadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firmar 2 prescripciones' });
    await user.type(within(dialog).getByLabelText(/PIN de firma/), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));

    expect(await screen.findByText(messages.prescriptions.signed)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ ids: drafts.map((draft) => draft.id), pin: '1234' });
    // Signed, they leave the choice.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Firmar seleccionadas' })).toBeNull());
  });

  it('offers to sign a draft and to download a signed one from its row', async () => {
    const draft = makePrescription({ id: 'a3f1c2d4-1111-4222-8333-000000001025', number: 1025, state: 'draft', displayState: 'draft', signed: false });
    const requests = stubApi({
      'GET /api/prescriptions': () => pageOf([makePrescription(), draft]),
      'GET /api/prescriptions/*/pdf': () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receta'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoutes(routes, { path: '/myPrescriptions', user: doctor });
    const user = userEvent.setup();

    expect(screen.queryByRole('button', { name: 'Descargar el PDF de la receta 1025' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Descargar el PDF de la receta 1024' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(requests.some((request) => request.path === '/api/prescriptions/a3f1c2d4-1111-4222-8333-444455556666/pdf')).toBe(true);

    expect(screen.queryByRole('button', { name: 'Firmar la receta 1024' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Firmar la receta 1025' }));
    expect(await screen.findByRole('dialog', { name: 'Firmar la prescripción' })).toBeTruthy();
  });
});
