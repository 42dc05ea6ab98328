import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A client error will answer the same the second time; only network and server errors are retried.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiRequestError && isClientError(error)),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

function isClientError(error: ApiRequestError) {
  return error.status >= 400 && error.status < 500;
}
