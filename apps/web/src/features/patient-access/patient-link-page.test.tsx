import { medicinePriceFinder, messages, type PatientLink } from '@receta/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { accessTokenStore } from '../../lib/storage.ts';
import { cuirShown } from '../../test/cuir.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeJwt } from '../../test/jwt.ts';
import { renderRoutes } from '../../test/render.tsx';
import { doctor } from '../../test/prescription-fixtures.ts';

const token = 'f3Zk9-link-token';
const cuir = '00000000020103000000000000000000000102401';
const linkPath = `/api/public/patient-links/${token}`;

function makeLink(overrides: Partial<PatientLink> = {}): PatientLink {
  return {
    number: 1024, state: 'valid', patientName: 'Ana',
    prescriber: { name: 'Laura', lastName: 'Gómez', licenceType: 'MN', enrollment: '123456' },
    issuedOn: '2026-03-02', startDate: '2026-03-03', expiryDate: '2026-03-31', termsAccepted: false,
    items: [{ cuir, subtype: 'archived' }], cancellationReason: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('patient link page', () => {
  it('asks for both acceptances, then downloads the PDF as often as needed without any session token', async () => {
    const user = userEvent.setup();
    // A doctor signed in earlier on the same computer: their token must not go with the patient's download.
    accessTokenStore.set(makeJwt({ sub: doctor.id, exp: 4_102_444_800 }));
    const requests = stubApi({
      [`GET ${linkPath}`]: () => makeLink(),
      [`POST ${linkPath}/accept`]: () => ({ message: 'ok' }),
      [`GET ${linkPath}/pdf`]: () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:receta');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoutes(routes, { path: `/p/${token}`, user: doctor });

    expect(await screen.findByRole('heading', { level: 1, name: 'Su receta 1024' })).toBeTruthy();
    expect(screen.getByText('Laura Gómez')).toBeTruthy();
    expect(screen.getByText('31/03/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Descargar receta (PDF)' })).toBeNull();
    const termsLink = screen.getByRole('link', { name: /términos y condiciones/ });
    expect(termsLink.getAttribute('href')).toBe('/termsAndConditions');
    expect(termsLink.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /política de privacidad/ }).getAttribute('href')).toBe('/privacyPolicy');

    await user.click(screen.getByRole('checkbox', { name: /términos y condiciones/ }));
    await user.click(screen.getByRole('button', { name: 'Aceptar y ver mi receta' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.patientLinks.termsRequired);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));
    await user.click(screen.getByRole('button', { name: 'Aceptar y ver mi receta' }));
    const download = await screen.findByRole('button', { name: 'Descargar receta (PDF)' });
    expect(requests.filter((request) => request.path === `${linkPath}/accept`)).toHaveLength(1);

    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['receta-1024.pdf']));
    await user.click(download);
    await waitFor(() => expect(saved).toHaveLength(2));
    const pdfRequests = requests.filter((request) => request.path === `${linkPath}/pdf`);
    expect(pdfRequests).toHaveLength(2);
    expect(pdfRequests.every((request) => !request.headers.has('Authorization'))).toBe(true);
  });

  it('offers the download at once to a patient who already accepted, with each CUIR and the price finder', async () => {
    stubApi({ [`GET ${linkPath}`]: () => makeLink({ termsAccepted: true }) });
    renderRoutes(routes, { path: `/p/${token}` });

    expect(await screen.findByRole('button', { name: 'Descargar receta (PDF)' })).toBeTruthy();
    expect(screen.getByText(cuirShown(cuir))).toBeTruthy();
    expect(screen.getByText('Expendio bajo receta archivada')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Buscador Nacional de Medicamentos/ }).getAttribute('href')).toBe(medicinePriceFinder.url);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it.each([false, true])('says a cancelled prescription was cancelled, with the reason, and offers no download (terms accepted: %s)', async (termsAccepted) => {
    stubApi({ [`GET ${linkPath}`]: () => makeLink({ state: 'cancelled', termsAccepted, cancellationReason: 'Dosis equivocada' }) });
    renderRoutes(routes, { path: `/p/${token}` });

    expect(await screen.findByText('Receta anulada')).toBeTruthy();
    expect(screen.getByText(/Su profesional anuló esta receta: ya no puede presentarla en la farmacia/)).toBeTruthy();
    expect(screen.getByText('Motivo: Dosis equivocada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Descargar receta (PDF)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aceptar y ver mi receta' })).toBeNull();
  });

  it.each(['valid', 'pending', 'partially_dispensed', 'dispensed'] as const)('says nothing of a cancellation when %s', async (state) => {
    stubApi({ [`GET ${linkPath}`]: () => makeLink({ state, termsAccepted: true }) });
    renderRoutes(routes, { path: `/p/${token}` });

    expect(await screen.findByRole('button', { name: 'Descargar receta (PDF)' })).toBeTruthy();
    expect(screen.queryByText('Receta anulada')).toBeNull();
  });

  it('says the link is not valid when the server does not know it', async () => {
    stubApi({ [`GET ${linkPath}`]: () => errorResponse(404, 'Not Found') });
    renderRoutes(routes, { path: `/p/${token}` });

    expect(await screen.findByText(messages.patientLinks.invalid)).toBeTruthy();
  });
});
