import { medicinePriceFinder, messages, type Verification } from '@receta/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { cuirShown } from '../../test/cuir.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';

const code = '7K3M9P2QX4T8VW6R';
const cuirs = ['00000000140102000000000000000000000102401', '00000000140103000000000000000000000102402'];

function makeVerification(overrides: Partial<Verification> = {}): Verification {
  return {
    genuine: true, number: 1024, type: 'chronic', kind: 'medication', state: 'partially_dispensed', seriesPosition: 2, seriesLength: 3,
    issuedOn: '2026-03-02', startDate: '2026-04-01', expiryDate: '2026-04-30', signedAt: '2026-03-02T13:05:00Z',
    foundBy: 'code',
    prescriber: { name: 'Laura', lastName: 'Gómez', licenceType: 'MP', enrollment: '4567', jurisdiction: 'Córdoba' },
    items: [{ cuir: cuirs[0]!, subtype: 'prescription' }, { cuir: cuirs[1]!, subtype: 'archived' }],
    cancellationReason: null,
    ...overrides,
  };
}

describe('verification page', () => {
  it('tells a guest the prescription is genuine, with its state, dates, prescriber, CUIRs and the price finder', async () => {
    const requests = stubApi({ [`GET /api/public/verifications/${code}`]: () => makeVerification() });
    renderRoutes(routes, { path: `/verify/${code}` });

    expect(await screen.findByText('Receta auténtica')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Verificación de la receta 1024' })).toBeTruthy();
    expect(screen.getByText('Dispensado parcialmente')).toBeTruthy();
    expect(screen.getByText('Receta Crónica')).toBeTruthy();
    expect(screen.getByText('Receta 2 de 3')).toBeTruthy();
    // Issued and signed the same day.
    expect(screen.getAllByText('02/03/2026')).toHaveLength(2);
    expect(screen.getByText('01/04/2026')).toBeTruthy();
    expect(screen.getByText('30/04/2026')).toBeTruthy();
    expect(screen.getByText('Laura Gómez')).toBeTruthy();
    expect(screen.getByText('Provincial (MP) 4567 · Córdoba')).toBeTruthy();
    expect(screen.queryByText('No pudimos verificar la firma de esta receta')).toBeNull();
    expect(screen.getByText(/La firma electrónica es válida/)).toBeTruthy();
    expect(screen.getByText(cuirShown(cuirs[0]!))).toBeTruthy();
    expect(screen.getByText(cuirShown(cuirs[1]!))).toBeTruthy();
    expect(screen.getByText('Ítem 2')).toBeTruthy();
    expect(screen.getByText('Expendio bajo receta')).toBeTruthy();
    expect(screen.getByText('Expendio bajo receta archivada')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Buscador Nacional de Medicamentos/ }).getAttribute('href')).toBe(medicinePriceFinder.url);
    expect(document.body.textContent).not.toMatch(/firma digital/i);
    // A guest page: no navigation of the signed-in app.
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).toBeNull();
    expect(requests.map((request) => request.path)).toEqual([`/api/public/verifications/${code}`]);
  });

  it('names the kind of a prescription of devices, without the medicines’ type, series or price finder', async () => {
    stubApi({
      [`GET /api/public/verifications/${code}`]: () => makeVerification({
        kind: 'device', type: 'classic', state: 'valid', seriesPosition: 1, seriesLength: 1,
        items: [{ cuir: '00000000140200000000000000000000000102401', subtype: null }],
      }),
    });
    renderRoutes(routes, { path: `/verify/${code}` });

    expect(await screen.findByText('Dispositivos médicos e insumos')).toBeTruthy();
    expect(screen.getByText('Clase')).toBeTruthy();
    expect(screen.queryByText('Receta Única')).toBeNull();
    expect(screen.queryByText('Serie')).toBeNull();
    expect(screen.queryByRole('link', { name: /Buscador Nacional de Medicamentos/ })).toBeNull();
  });

  it('warns when the signature does not check out', async () => {
    stubApi({ 'GET /api/public/verifications/*': () => makeVerification({ genuine: false, state: 'cancelled' }) });
    renderRoutes(routes, { path: `/verify/${code}` });

    expect(await screen.findByText('No pudimos verificar la firma de esta receta')).toBeTruthy();
    expect(screen.queryByText('Receta auténtica')).toBeNull();
    expect(screen.getByText('Anulado')).toBeTruthy();
  });

  it.each([
    ['cancelled', 'Anulada', 'El profesional anuló esta receta: no la dispense.'],
    ['expired', 'Vencida', 'Venció el 30/04/2026: no la dispense.'],
    ['dispensed', 'Dispensada', 'Ya se dispensó por completo: no la dispense de nuevo.'],
    ['pending', 'Todavía no vigente', 'Se puede dispensar desde el 01/04/2026.'],
  ] as const)('leads a genuine %s prescription with its state, never with the green "Receta auténtica"', async (state, title, detail) => {
    stubApi({ 'GET /api/public/verifications/*': () => makeVerification({ state }) });
    renderRoutes(routes, { path: `/verify/${code}` });

    const banner = (await screen.findByText(title)).closest('[role="alert"]');
    expect(banner?.textContent).toContain(detail);
    expect(banner?.className).toMatch(state === 'pending' ? /Warning/ : /Error/);
    // The state comes before anything about the signature.
    expect(document.querySelector('[role="alert"]')).toBe(banner);
    expect(screen.queryByText('Receta auténtica')).toBeNull();
    expect(document.querySelector('.MuiAlert-filledSuccess, .MuiAlert-standardSuccess')).toBeNull();
    expect(screen.getByText(/La firma electrónica es válida/)).toBeTruthy();
  });

  it('tells the reason of a cancellation when the server gives it', async () => {
    stubApi({ 'GET /api/public/verifications/*': () => makeVerification({ state: 'cancelled', cancellationReason: 'Dosis equivocada' }) });
    renderRoutes(routes, { path: `/verify/${code}` });

    expect(await screen.findByText('Motivo: Dosis equivocada')).toBeTruthy();
  });

  it('shows the green "Receta auténtica" for a valid, genuine prescription, with no state banner', async () => {
    stubApi({ 'GET /api/public/verifications/*': () => makeVerification({ state: 'valid' }) });
    renderRoutes(routes, { path: `/verify/${code}` });

    const genuine = (await screen.findByText('Receta auténtica')).closest('[role="alert"]');
    expect(genuine?.className).toMatch(/Success/);
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('says no prescription has that code when the server finds none, and why a malformed code fails', async () => {
    stubApi({ 'GET /api/public/verifications/*': () => errorResponse(404, 'Not Found') });
    const { unmount } = renderRoutes(routes, { path: `/verify/${code}` });
    expect(await screen.findByText(messages.dispensing.notFound)).toBeTruthy();
    unmount();

    stubApi({ 'GET /api/public/verifications/*': () => errorResponse(400, 'Bad Request') });
    renderRoutes(routes, { path: '/verify/nope' });
    expect(await screen.findByText(messages.dispensing.codeInvalid)).toBeTruthy();
  });

  it('shows only the authenticity, state, dates and the item of a CUIR, and says why', async () => {
    stubApi({
      [`GET /api/public/verifications/${cuirs[1]}`]: () => makeVerification({
        foundBy: 'cuir', prescriber: null, items: [{ cuir: cuirs[1]!, subtype: 'archived' }],
      }),
    });
    renderRoutes(routes, { path: `/verify/${cuirs[1]}` });

    expect(await screen.findByText('Receta auténtica')).toBeTruthy();
    expect(screen.getByText(/Buscada por CUIR/)).toBeTruthy();
    expect(screen.getByText(cuirShown(cuirs[1]!))).toBeTruthy();
    expect(screen.getByText('Ítem 2')).toBeTruthy();
    expect(screen.queryByText('Laura Gómez')).toBeNull();
    expect(screen.queryByText('Profesional')).toBeNull();
  });

  it('lets a guest type a code or a CUIR in groups, and verifies it', async () => {
    const user = userEvent.setup();
    const requests = stubApi({ 'GET /api/public/verifications/*': () => makeVerification() });
    renderRoutes(routes, { path: '/verify' });

    const field = await screen.findByRole('textbox', { name: 'Código de verificación o CUIR' });
    await user.type(field, '1234');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(messages.dispensing.codeInvalid)).toBeTruthy();
    expect(requests).toEqual([]);

    await user.clear(field);
    await user.type(field, '0000 0000-14 0102 0000000000000000000001024 01');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Receta auténtica')).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual([`/api/public/verifications/${cuirs[0]}`]);
  });

  it('offers the platform CA certificate and how to trust it in Acrobat, on a verified prescription and on the search page', async () => {
    stubApi({ 'GET /api/public/verifications/*': () => makeVerification() });
    const { unmount } = renderRoutes(routes, { path: `/verify/${code}` });
    expect(await screen.findByText('Receta auténtica')).toBeTruthy();
    expectCertificateOffer();
    unmount();

    renderRoutes(routes, { path: '/verify' });
    await screen.findByRole('textbox', { name: 'Código de verificación o CUIR' });
    expectCertificateOffer();
  });

  it('offers to type another code when none was found', async () => {
    stubApi({ 'GET /api/public/verifications/*': () => errorResponse(404, 'Not Found') });
    renderRoutes(routes, { path: `/verify/${code}` });
    expect(await screen.findByText(messages.dispensing.notFound)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Código de verificación o CUIR' })).toBeTruthy();
  });
});

function expectCertificateOffer() {
  const section = screen.getByRole('region', { name: 'La firma en su lector de PDF' });
  const download = within(section).getByRole('link', { name: 'Descargar el certificado' });
  expect(download.getAttribute('href')).toBe('/api/public/certificate-authority');
  expect(download.hasAttribute('download')).toBe(true);
  const steps = within(section).getAllByRole('listitem').map((step) => step.textContent);
  expect(steps).toEqual([
    'En Acrobat, abra Edición > Preferencias > Firmas y, en «Identidades y certificados de confianza», pulse Más.',
    'Elija Certificados de confianza > Importar, agregue el archivo descargado (.cer) e impórtelo.',
    'Seleccione el certificado, pulse Editar confianza, marque «Usar este certificado como raíz de confianza» y acepte.',
  ]);
}
