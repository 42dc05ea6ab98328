import { messages, type RepositoryPointer } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const superadmin = makeUser({ roles: ['superadmin'], scope: ['index.not.authorized.user'], termsAndConditions: '2026-01-01T00:00:00Z' });

function makePointer(overrides: Partial<RepositoryPointer> = {}): RepositoryPointer {
  return {
    id: 'p1',
    kind: 'signed',
    prescriptionId: 'rx1',
    cuir: '00000000140101000000000000000000000102401',
    transactionId: 7,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: '2026-03-01T15:04:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

describe('national repository page', () => {
  it('lists the pointers with their event, CUIR, status, attempts and last error, and filters them by status', async () => {
    const requests = stubApi({
      'GET /api/repository-pointers': (request) => (request.url.searchParams.get('status') === 'failed'
        ? { items: [makePointer({ id: 'p2', status: 'failed', attempts: 8, lastError: 'Central repository answered 500' })], total: 1, page: 1, pageSize: 10 }
        : {
            items: [makePointer(), makePointer({ id: 'p3', kind: 'dispensed', status: 'sent', attempts: 1, transactionId: 8 })],
            total: 2, page: 1, pageSize: 10,
          }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/repository-pointers', user: superadmin });

    expect(await screen.findByRole('heading', { name: 'Repositorio nacional' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '01/03/2026 12:04', 'Firma', '00000000140101000000000000000000000102401', '7', 'Pendiente', '0', '', '',
    ]);
    expect(rows[2]!.textContent).toContain('Dispensa');
    expect(rows[2]!.textContent).toContain('Enviado');
    expect(requests.find((request) => request.path === '/api/repository-pointers')?.url.searchParams.get('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Fallido' }));

    expect(await screen.findByText('Central repository answered 500')).toBeTruthy();
    const failedRow = screen.getAllByRole('row')[1]!;
    expect(within(failedRow).getAllByRole('cell').map((cell) => cell.textContent)).toContain('8');
    expect(requests.at(-1)?.url.searchParams.get('status')).toBe('failed');
  });

  it('sends a failed pointer again, only a failed one, and lists it afresh', async () => {
    let isRetried = false;
    const failed = makePointer({ id: 'p2', status: 'failed', attempts: 8, lastError: 'Central repository answered 500' });
    const requests = stubApi({
      'GET /api/repository-pointers': () => ({
        items: [isRetried ? { ...failed, status: 'pending', attempts: 0, lastError: null } : failed, makePointer({ id: 'p3', transactionId: 8 })],
        total: 2, page: 1, pageSize: 10,
      }),
      'POST /api/repository-pointers/p2/retry': () => {
        isRetried = true;
        return { message: messages.repositoryPointers.retried };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/repository-pointers', user: superadmin });

    const retry = await screen.findByRole('button', { name: 'Volver a enviar el puntero 7' });
    expect(screen.getAllByRole('button', { name: /^Volver a enviar/ })).toHaveLength(1);
    await user.click(retry);

    expect(await screen.findByText('El puntero volvió a quedar pendiente: se enviará de nuevo.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path))
      .toEqual(['/api/repository-pointers/p2/retry']);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Volver a enviar/ })).toBeNull());
    expect(screen.queryByText('Central repository answered 500')).toBeNull();
  });

  it('shows the server\'s refusal when the pointer is no longer failed', async () => {
    stubApi({
      'GET /api/repository-pointers': () => ({ items: [makePointer({ status: 'failed', attempts: 8 })], total: 1, page: 1, pageSize: 10 }),
      'POST /api/repository-pointers/p1/retry': () => errorResponse(409, messages.repositoryPointers.notFailed),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/repository-pointers', user: superadmin });

    await user.click(await screen.findByRole('button', { name: 'Volver a enviar el puntero 7' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Solo se puede volver a enviar un puntero fallido.');
  });

  it('says when there is nothing to list', async () => {
    stubApi({ 'GET /api/repository-pointers': () => ({ items: [], total: 0, page: 1, pageSize: 10 }) });
    renderRoutes(routes, { path: '/repository-pointers', user: superadmin });
    expect(await screen.findByText('No hay punteros en este estado.')).toBeTruthy();
  });
});
