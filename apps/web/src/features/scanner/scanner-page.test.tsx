import { formatDisplayDate, messages, type ScannedPrescription } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { cuirShown } from '../../test/cuir.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';
import { makePrescription } from '../../test/prescription-fixtures.ts';

const code = '7K3M9P2QX4T8VW6R';
const cuirs = ['00000000020102000000000000000000000102401', '00000000020103000000000000000000000102402'];
const pharmacist = makeUser({
  id: 'user-9', roles: ['fds.pharmacy'], scope: ['index.scan', 'mark.prescription'], termsAndConditions: '2026-01-01T00:00:00Z',
});
const base = makePrescription();
const prescription = makePrescription({
  items: [
    { ...base.items[0]!, id: '5d1c0a52-7f2e-4d7b-9a51-0c6f1e2d3a41', quantity: 2, cuir: cuirs[0]! },
    {
      ...base.items[0]!, id: '5d1c0a52-7f2e-4d7b-9a51-0c6f1e2d3a42', genericName: 'Budesonida', strength: '200 mcg', quantity: 1,
      subtype: 'archived', cuir: cuirs[1]!,
    },
  ],
});

function makeScanned(overrides: Partial<ScannedPrescription> = {}): ScannedPrescription {
  return {
    prescription, signatureValid: true, dispensations: [], dispensedOn: null, cancellationReason: null, ...overrides,
  };
}

async function typeCode(text: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Código de verificación o CUIR' }), text);
  await user.click(screen.getByRole('button', { name: 'Buscar receta' }));
  return user;
}

describe('scanner page', () => {
  it('offers the camera and loads the prescription of a typed code with its signature check', async () => {
    const requests = stubApi({ [`GET /api/scanner/${code}`]: () => makeScanned() });
    const { router } = renderRoutes(routes, { path: '/scanner', user: pharmacist });

    expect(await screen.findByRole('button', { name: 'Usar la cámara' })).toBeTruthy();
    await typeCode(code.toLowerCase());

    expect(await screen.findByText('Firma electrónica válida.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Receta 1024' })).toBeTruthy();
    expect(screen.getByText('Pendiente: 2 de 2')).toBeTruthy();
    expect(screen.getByText('Todavía no se dispensó ningún medicamento de esta receta.')).toBeTruthy();
    expect(router.state.location.search).toBe(`?code=${code}`);
    expect(requests.filter((request) => request.path.startsWith('/api/scanner/'))).toHaveLength(1);
  });

  it('finds the prescription by a CUIR typed in groups, and shows each item\'s CUIR and subtype', async () => {
    const requests = stubApi({ [`GET /api/scanner/${cuirs[1]}`]: () => makeScanned() });
    const { router } = renderRoutes(routes, { path: '/scanner', user: pharmacist });

    await typeCode('0000-0000-02-0103-0000000000000000000001024-02');

    expect(await screen.findByText('Firma electrónica válida.')).toBeTruthy();
    expect(screen.getByText(cuirShown(cuirs[0]!))).toBeTruthy();
    expect(screen.getByText(cuirShown(cuirs[1]!))).toBeTruthy();
    expect(screen.getByText('Expendio bajo receta archivada')).toBeTruthy();
    expect(router.state.location.search).toBe(`?code=${cuirs[1]}`);
    expect(requests.map((request) => request.path)).toContain(`/api/scanner/${cuirs[1]}`);
  });

  it('refuses a malformed code before asking the server, and says when no prescription has the code', async () => {
    const requests = stubApi({ 'GET /api/scanner/*': () => errorResponse(404, messages.dispensing.notFound) });
    renderRoutes(routes, { path: '/scanner', user: pharmacist });

    const user = await typeCode('ABC');
    expect(await screen.findByText(messages.dispensing.codeInvalid)).toBeTruthy();
    expect(requests.some((request) => request.path.startsWith('/api/scanner/'))).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Código de verificación o CUIR' }));
    await typeCode(code);
    expect(await screen.findByText(messages.dispensing.notFound)).toBeTruthy();
  });

  it('dispenses the quantity typed for one medicine and shows the prescription as the server answers it', async () => {
    const [salbutamol, budesonide] = prescription.items;
    const dispensed = makeScanned({
      prescription: {
        ...prescription, state: 'partially_dispensed', displayState: 'partially_dispensed',
        items: [{ ...salbutamol!, dispensedQuantity: 1 }, budesonide!],
      },
      dispensations: [{
        id: 'd1', itemId: salbutamol!.id, quantity: 1, pharmacy: { id: 'w1', displayName: 'Farmacia Central' },
        dispensedAt: '2026-03-05T14:30:00Z', undoneAt: null, canUndo: true,
      }],
    });
    const requests = stubApi({
      [`GET /api/scanner/${code}`]: () => makeScanned(),
      [`POST /api/prescriptions/${prescription.id}/dispense`]: () => ({ ...dispensed, message: messages.dispensing.dispensed }),
      [`POST /api/prescriptions/${prescription.id}/dispensations/d1/undo`]: () => ({ ...makeScanned(), message: messages.dispensing.undone }),
    });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    const quantity = await screen.findByRole('spinbutton', { name: 'Cantidad a dispensar de Salbutamol 100 mcg' });
    const user = userEvent.setup();
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByText(messages.dispensing.quantityInvalid)).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: 'Dispensar Salbutamol 100 mcg' }));

    expect(await screen.findByText(messages.dispensing.dispensed)).toBeTruthy();
    const dispense = requests.find((request) => request.path.endsWith('/dispense'));
    expect(dispense?.body).toEqual({ items: [{ itemId: salbutamol!.id, quantity: 1 }] });
    expect(screen.getByText('Pendiente: 1 de 2')).toBeTruthy();
    const record = screen.getByText('1 × Salbutamol 100 mcg').closest('li')!;
    expect(within(record).getByText('Farmacia Central · 05/03/2026 11:30')).toBeTruthy();

    await user.click(within(record).getByRole('button', { name: 'Anular la dispensa de Salbutamol 100 mcg' }));
    // The toast waits behind the previous one; the server's answer shows at once.
    expect(await screen.findByText('Pendiente: 2 de 2')).toBeTruthy();
    expect(requests.filter((request) => request.path.endsWith('/undo')).map((request) => request.path))
      .toEqual([`/api/prescriptions/${prescription.id}/dispensations/d1/undo`]);
  });

  it('asks before dispensing everything, and sends nothing when the pharmacist cancels', async () => {
    const requests = stubApi({ [`GET /api/scanner/${code}`]: () => makeScanned() });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dispensar todo' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Dispensar todo?' });
    expect(within(dialog).getByText(/todo lo pendiente de la receta 1024/)).toBeTruthy();
    expect(within(dialog).getByText('2 × Salbutamol 100 mcg')).toBeTruthy();
    expect(within(dialog).getByText('1 × Budesonida 200 mcg')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('dispenses everything at once once confirmed, and tells why the server refused', async () => {
    const requests = stubApi({
      [`GET /api/scanner/${code}`]: () => makeScanned(),
      [`POST /api/prescriptions/${prescription.id}/dispense`]: () => errorResponse(409, messages.dispensing.alreadyDispensed),
    });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dispensar todo' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: '¿Dispensar todo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dispensar todo' }));

    expect(await screen.findByText(`${messages.dispensing.notDispensed} ${messages.dispensing.alreadyDispensed}`)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ all: true });
  });

  it('warns against a prescription whose signature fails, and offers no dispense of one not in force', async () => {
    stubApi({
      [`GET /api/scanner/${code}`]: () => makeScanned({
        signatureValid: false, prescription: { ...prescription, state: 'expired', displayState: 'expired' },
      }),
    });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    expect(await screen.findByText('La firma electrónica de esta receta no es válida: no la dispense.')).toBeTruthy();
    expect(screen.getByText(`No se puede dispensar: venció el ${formatDisplayDate(prescription.expiryDate)}.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dispensar todo' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['cancelled', { cancellationReason: 'Dosis equivocada' }, 'No se puede dispensar: fue anulada: Dosis equivocada'],
    ['dispensed', { dispensedOn: '2026-03-05' }, 'No se puede dispensar: ya fue dispensada el 05/03/2026.'],
    ['pending', {}, `Todavía no se puede dispensar: se puede dispensar desde el ${formatDisplayDate(prescription.startDate)}.`],
  ] as const)('says why a %s prescription cannot be dispensed', async (state, answer, reason) => {
    stubApi({
      [`GET /api/scanner/${code}`]: () => makeScanned({
        ...answer, prescription: { ...prescription, state: state === 'pending' ? 'signed' : state, displayState: state },
      }),
    });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    const alert = (await screen.findByText(reason)).closest('[role="alert"]');
    expect(alert?.className).toMatch(state === 'pending' ? /Warning/ : /Error/);
    expect(screen.getByRole('button', { name: 'Dispensar todo' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['device', 'Lentes aéreos monofocales', 'Entrega', 'Registrar entrega', 'Registrar entrega de todo', 'Entregado', 'Entregas registradas'],
    ['practice', 'Kinesiología motora', 'Realización', 'Registrar realización', 'Registrar realización de todo', 'Realizado', 'Realizaciones registradas'],
  ] as const)('registers a %s as delivered or performed where a medicine is dispensed', async (kind, name, title, action, all, done, recorded) => {
    const line = { ...base.items[0]!, medicationId: null, genericName: name, strength: null, subtype: null };
    const scanned = makeScanned({
      prescription: {
        ...prescription, kind, state: 'partially_dispensed', displayState: 'partially_dispensed',
        items: [
          { ...line, id: 'i1', quantity: 2 },
          { ...line, id: 'i2', genericName: `${name} (control)`, quantity: 1, dispensedQuantity: 1 },
        ],
      },
    });
    stubApi({ [`GET /api/scanner/${code}`]: () => scanned });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    const panel = await screen.findByRole('region', { name: title });
    const row = within(panel).getByText(name).closest('li')!;
    expect(within(row).getByRole('button', { name: `${action} de ${name}` }).textContent).toBe(action);
    expect(within(panel).getByText(done)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Dispensar/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: recorded })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: all }));
    expect(await screen.findByRole('dialog', { name: `¿${all}?` })).toBeTruthy();
  });

  it('says nothing against dispensing a prescription in force', async () => {
    stubApi({ [`GET /api/scanner/${code}`]: () => makeScanned() });
    renderRoutes(routes, { path: `/scanner?code=${code}`, user: pharmacist });

    expect(await screen.findByText('Firma electrónica válida.')).toBeTruthy();
    expect(screen.queryByText(/No se puede dispensar|Todavía no se puede/)).toBeNull();
  });
});
