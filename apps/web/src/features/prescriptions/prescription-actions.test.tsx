import { messages } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { doctor, makePrescription } from '../../test/prescription-fixtures.ts';

const draft = makePrescription({ state: 'draft', displayState: 'draft', signed: false, signedAt: null });
const signed = makePrescription();
const detailPath = `/prescriptions/${signed.id}`;
const apiPath = `/api/prescriptions/${signed.id}`;

function viewDetail(prescription = signed, more: Record<string, () => unknown> = {}) {
  const requests = stubApi({
    [`GET ${apiPath}`]: () => prescription,
    [`GET ${apiPath}/events`]: () => ({ events: [] }),
    ...more,
  });
  renderRoutes(routes, { path: detailPath, user: doctor });
  return requests;
}

async function typePin(pin: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Firmar' }));
  const dialog = await screen.findByRole('dialog', { name: 'Firmar la prescripción' });
  await user.type(within(dialog).getByLabelText(/PIN de firma/), pin);
  await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
  return { user, dialog };
}

afterEach(() => vi.restoreAllMocks());

describe('prescription actions', () => {
  it('signs a draft with the PIN and says so', async () => {
    const requests = viewDetail(draft, {
      [`POST ${apiPath}/sign`]: () => ({ message: messages.prescriptions.signed, prescriptions: [signed] }),
    });

    await typePin('1234');

    expect((await screen.findByRole('alert')).textContent).toContain(messages.prescriptions.signed);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ pin: '1234' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the reason when the PIN is wrong', async () => {
    viewDetail(draft, { [`POST ${apiPath}/sign`]: () => errorResponse(400, messages.signing.wrongPin, { errorCode: 'wrongPin' }) });

    const { dialog } = await typePin('9999');

    expect(await within(dialog).findByText(messages.signing.wrongPin)).toBeTruthy();
    expect(await screen.findByText(messages.prescriptions.notSigned)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Firmar la prescripción' })).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/PIN de firma/).value).toBe('');
  });

  it('shows only \'¡Prescripción firmada!\' once the right PIN follows a wrong one', async () => {
    let attempts = 0;
    viewDetail(draft, {
      [`POST ${apiPath}/sign`]: () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(400, messages.signing.wrongPin, { errorCode: 'wrongPin' })
          : { message: messages.prescriptions.signed, prescriptions: [signed] };
      },
    });

    const { user, dialog } = await typePin('9999');
    expect(await screen.findByText(messages.prescriptions.notSigned)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/PIN de firma/), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));

    // The dialog closes once the answer's message is out: the refusal's must be gone by then.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([messages.prescriptions.signed]);
  });

  it('offers a new PIN when signing is locked', async () => {
    const requests = viewDetail(draft, {
      [`POST ${apiPath}/sign`]: () => errorResponse(423, messages.signing.locked, { errorCode: 'signingLocked' }),
      'POST /api/auth/pin-recovery-request': () => ({ message: 'Le enviamos un email.' }),
    });

    const { user, dialog } = await typePin('1234');
    await user.click(await within(dialog).findByRole('button', { name: 'Restablecer mi PIN de firma' }));

    // The answer's toast waits behind the failure's; the request is what this test is about.
    await waitFor(() => expect(requests.some((request) => request.path === '/api/auth/pin-recovery-request')).toBe(true));
    expect(within(dialog).getByText(messages.signing.locked)).toBeTruthy();
  });

  it('refuses a PIN of three digits without asking the server', async () => {
    const requests = viewDetail(draft);

    const { dialog } = await typePin('123');

    expect(await within(dialog).findByText(messages.pin.length)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows neither signing nor cancelling to someone without the permission or not the prescriber', async () => {
    stubApi({ [`GET ${apiPath}`]: () => ({ ...draft, prescriber: { ...draft.prescriber, userId: 'other' } }) });
    renderRoutes(routes, { path: detailPath, user: { ...doctor, scope: ['index.prescription', 'show.prescription'] } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Receta 1024' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Firmar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anular' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descargar PDF' })).toBeNull();
  });

  it('downloads the signed PDF as receta-<number>.pdf', async () => {
    const requests = viewDetail(signed, {
      [`GET ${apiPath}/pdf`]: () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receta'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar PDF' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(click.mock.contexts[0]).toMatchObject({ download: 'receta-1024.pdf' });
    expect(requests.some((request) => request.path === `${apiPath}/pdf`)).toBe(true);
  });

  it('says the PDF does not exist when the server has none', async () => {
    viewDetail(signed, { [`GET ${apiPath}/pdf`]: () => errorResponse(404, messages.prescriptions.pdfNotFound) });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Descargar PDF' }));

    expect(await screen.findByText(messages.prescriptions.pdfNotFound)).toBeTruthy();
  });

  it('anuls the doctor\'s own signed prescription with the reason given', async () => {
    const requests = viewDetail(signed, {
      [`POST ${apiPath}/cancel`]: () => ({ message: messages.signing.cancelled }),
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular la receta 1024' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Dosis equivocada');
    await user.click(within(dialog).getByRole('button', { name: 'Anular' }));

    expect(await screen.findByText(messages.signing.cancelled)).toBeTruthy();
    expect(requests.find((request) => request.path === `${apiPath}/cancel`)?.body).toEqual({ reason: 'Dosis equivocada' });
  });

  it('does not offer to anul a dispensed prescription', async () => {
    viewDetail(makePrescription({ state: 'dispensed', displayState: 'dispensed' }));

    expect(await screen.findByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anular' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar al paciente' })).toBeNull();
  });

  it('sends the prescription to the patient again', async () => {
    const requests = viewDetail(signed, { [`POST ${apiPath}/send`]: () => ({ message: messages.signing.sent }) });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enviar al paciente' }));

    expect(await screen.findByText(messages.signing.sent)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.path === `${apiPath}/send`)).toBe(true);
  });

  it('gives its doctor the patient\'s link to copy and hand over', async () => {
    const url = `http://localhost:3000/p/${'e'.repeat(43)}`;
    const requests = viewDetail(signed, { [`POST ${apiPath}/patient-link`]: () => ({ url, expiryDate: '2026-03-31' }) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Enlace para el paciente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enlace para el paciente' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Enlace' }).value).toBe(url);
    expect(within(dialog).getByText(/Funciona hasta el 31\/03\/2026/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copiar el enlace' }));

    expect(await navigator.clipboard.readText()).toBe(url);
    expect(within(dialog).getByRole('button', { name: '¡Enlace copiado!' })).toBeTruthy();
    expect(requests.filter((request) => request.path === `${apiPath}/patient-link`)).toMatchObject([{ method: 'POST' }]);
  });

  it('offers the patient\'s link to nobody but the prescription\'s doctor', async () => {
    viewDetail({ ...signed, prescriber: { ...signed.prescriber, userId: 'otro-medico' } });

    expect(await screen.findByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enlace para el paciente' })).toBeNull();
  });

  it('tells why a prescription cannot be sent', async () => {
    viewDetail(signed, { [`POST ${apiPath}/send`]: () => errorResponse(400, messages.signing.noContact) });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enviar al paciente' }));

    expect(await screen.findByText(messages.signing.noContact)).toBeTruthy();
  });
});
