import type { RepositoryPointerData, RepositoryPointerKind } from '@receta/domain';

export interface OutgoingPointer {
  id: string;
  kind: RepositoryPointerKind;
  data: RepositoryPointerData;
}

/** Where the pointers go: the central repository DNSISA designates. */
export interface RepositoryTransport {
  send(pointer: OutgoingPointer): Promise<void>;
}

/** A refused or failed POST; `status` is the HTTP status, or null when no answer came. */
export class RepositoryDeliveryError extends Error {
  override name = 'RepositoryDeliveryError';
  constructor(message: string, readonly status: number | null, options?: ErrorOptions) {
    super(message, options);
  }
}

const timeoutMs = 10_000;

/**
 * POSTs each pointer as JSON (its data with its `kind`) to `CENTRAL_REPOSITORY_URL`, with the
 * pointer's id as `Idempotency-Key`, so that a pointer sent twice (a lease that ran out, an
 * answer lost) counts once. Any answer other than 2xx fails the attempt. Errors name the status
 * only: the URL may carry credentials and the body a patient's CUIL.
 */
export function createRepositoryTransport(url: string): RepositoryTransport {
  return {
    send: async (pointer) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': pointer.id },
          body: JSON.stringify({ kind: pointer.kind, ...pointer.data }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not connect';
        throw new RepositoryDeliveryError(`Central repository ${reason}`, null, { cause: error });
      }
      // Read to the end, so that the connection can be reused.
      await response.arrayBuffer();
      if (!response.ok) throw new RepositoryDeliveryError(`Central repository answered ${response.status}`, response.status);
    },
  };
}
