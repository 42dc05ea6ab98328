import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { useInformation } from './use-information.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('useInformation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the versions and the vademecum date from the server', async () => {
    const information = { frontend: '0.1.0', backend: '0.2.0', vademecum: '15/03/2026' };
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(information))));
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useInformation(), { wrapper });

    await waitFor(() => expect(result.current.data).toEqual(information));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/information');
  });

  it('asks nothing while disabled, as for a user who is not the superadmin', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useInformation({ enabled: false }), { wrapper });

    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
