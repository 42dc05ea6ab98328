import {
  addDays, formatDisplayDate, messages, storageKeys, todayInArgentina, type EventLogVerification,
} from '@receta/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const superadmin = makeUser({ roles: ['superadmin'], scope: ['index.not.authorized.user'], termsAndConditions: '2026-01-01T00:00:00Z' });
const exportFileName = 'registro-de-eventos-2026-03-01-a-2026-03-31.p7m';

function makeReport(overrides: Partial<EventLogVerification> = {}): EventLogVerification {
  return { total: 1234, checked: 1234, lastSeq: 1234, verifiedAt: '2026-03-31T18:30:00.000Z', firstBroken: null, ...overrides };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

function helperTextOf(input: HTMLElement): string | null | undefined {
  const describedBy = input.getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : null;
}

async function choosePeriod(user: UserEvent, from: string, to: string) {
  for (const [name, text] of [[/^Desde/, from], [/^Hasta/, to]] as const) {
    await user.clear(field(name));
    await user.click(field(name));
    await user.paste(text);
  }
}

function openPage() {
  renderRoutes(routes, { path: '/event-log', user: superadmin });
  return screen.findByRole('heading', { level: 1, name: 'Registro de eventos' });
}

/** Clicks "Verificar la cadena" with the server answering `report`; answers the result shown. */
async function verifyAnswered(report: EventLogVerification) {
  const requests = stubApi({ 'POST /api/event-log/verification': () => report });
  const user = userEvent.setup();
  await openPage();
  await user.click(screen.getByRole('button', { name: 'Verificar la cadena' }));
  return { requests, alert: await screen.findByRole('alert') };
}

afterEach(() => vi.restoreAllMocks());

describe('event log page', () => {
  it('says the whole chain is intact, with how many events, the last number and when it was verified', async () => {
    const { requests, alert } = await verifyAnswered(makeReport());

    expect(alert.textContent).toContain('La cadena está intacta: ningún evento fue cambiado ni borrado.');
    expect(alert.textContent).toContain('Eventos verificados1234');
    expect(alert.textContent).toContain('Último eventon.º 1234');
    expect(alert.textContent).toContain('31/03/2026 15:30');
    expect(requests.filter((request) => request.path === '/api/event-log/verification').map((request) => request.method))
      .toEqual(['POST']);
  });

  it('shows the first broken link with its number, time and reason as an error', async () => {
    const { alert } = await verifyAnswered(makeReport({
      checked: 41,
      lastSeq: 41,
      firstBroken: { seq: 42, eventId: 'e42', at: '2026-03-02T13:05:00.000Z', reason: 'El contenido del evento cambió.' },
    }));

    expect(alert.className).toContain('colorError');
    expect(alert.textContent).toContain('La cadena está rota');
    expect(alert.textContent).toContain('El contenido del evento cambió.');
    expect(alert.textContent).toContain('Primer enlace roton.º 42');
    expect(alert.textContent).toContain('Fecha del evento02/03/2026 10:05');
    expect(alert.textContent).toContain('41 de 1234');
  });

  it('offers the last 30 days and downloads the signed export of the chosen days under the server\'s name', async () => {
    const requests = stubApi({
      'GET /api/event-log/export': () => new Response('signed', {
        headers: { 'Content-Type': 'application/pkcs7-mime', 'Content-Disposition': `attachment; filename="${exportFileName}"` },
      }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:registro'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    localStorage.setItem(storageKeys.accessToken, 'session-token');
    const user = userEvent.setup();
    await openPage();
    const today = todayInArgentina();
    expect((field(/^Desde/) as HTMLInputElement).value).toBe(formatDisplayDate(addDays(today, -29)));
    expect((field(/^Hasta/) as HTMLInputElement).value).toBe(formatDisplayDate(today));
    expect(document.querySelector('pre code')?.textContent)
      .toBe('openssl cms -verify -inform DER -in registro.p7m -CAfile ca.pem -out registro.json');

    await choosePeriod(user, '01/03/2026', '31/03/2026');
    await user.click(screen.getByRole('button', { name: 'Exportar firmado' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(click.mock.contexts[0]).toMatchObject({ download: exportFileName });
    const sent = requests.find((request) => request.path === '/api/event-log/export');
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(sent!.headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('shows the server\'s refusal of the period on the field it names', async () => {
    stubApi({
      'GET /api/event-log/export': () => errorResponse(400, messages.eventLog.rangeTooLong, {
        fields: [{ field: 'querystring.to', message: messages.eventLog.rangeTooLong }],
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await openPage();

    await choosePeriod(user, '01/03/2025', '31/03/2025');
    await user.click(screen.getByRole('button', { name: 'Exportar firmado' }));

    await waitFor(() => expect(helperTextOf(field(/^Hasta/))).toBe(messages.eventLog.rangeTooLong));
    expect(field(/^Hasta/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Desde/).getAttribute('aria-invalid')).toBe('false');
    expect(click).not.toHaveBeenCalled();
  });
});
