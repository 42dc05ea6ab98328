import { DeleteManyResultSchema } from '@receta/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, ApiRequestError, errorMessageOf } from './api-client.ts';
import { useNotify } from './notify.ts';

type QueryValue = string | number | boolean | undefined;

/** One page of a resource list; the table keeps its rows while the next page loads. */
export function useResourcePage<Schema extends z.ZodType>(
  key: readonly unknown[],
  path: string,
  schema: Schema,
  query: Record<string, QueryValue>,
) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) => api.request(path, { query, schema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One row of a resource, for its edit or detail page; not requested while `enabled` is false. */
export function useResource<Schema extends z.ZodType>(
  key: readonly unknown[], path: string, schema: Schema, { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...key, 'detail', path],
    queryFn: ({ signal }) => api.request(path, { schema, signal }),
    enabled,
  });
}

/** `DELETE /api/<resource>` with `{ids}`; refreshes every query of the resource afterwards. */
export function useDeleteMany<Schema extends z.ZodType = typeof DeleteManyResultSchema>(
  key: readonly unknown[],
  path: string,
  schema?: Schema,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.request(path, {
      method: 'DELETE',
      body: { ids },
      schema: schema ?? DeleteManyResultSchema,
    }) as Promise<z.output<Schema>>,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * The delete of the chosen rows, told to the user: the server's message, a warning when it
 * removed only some of them, an error when none. Answers whether the rows went.
 */
export function useDeleteRows<Schema extends z.ZodType = typeof DeleteManyResultSchema>(
  key: readonly unknown[],
  path: string,
  schema?: Schema,
) {
  const notify = useNotify();
  const deleteMany = useDeleteMany(key, path, schema);
  return async (ids: string[]): Promise<boolean> => {
    try {
      const answer = DeleteManyResultSchema.parse(await deleteMany.mutateAsync(ids));
      notify({ message: answer.message, variant: answer.deleted.length >= ids.length ? 'success' : 'warning' });
      return true;
    } catch (error) {
      notify({ message: errorMessageOf(error), variant: 'error' });
      return false;
    }
  };
}

/** Why a row could not be read: the resource's not-found message for a 404, else the server's. */
export function loadErrorMessage(error: unknown, notFound: string): string {
  return error instanceof ApiRequestError && error.status === 404 ? notFound : errorMessageOf(error);
}
