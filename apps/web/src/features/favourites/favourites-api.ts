import {
  FavouriteListSchema, FavouriteSavedSchema, MessageAnswerSchema, type FavouriteInput,
} from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const favouritesKey = ['favourites'] as const;

/** The doctor's own favourites, newest first; fetched once the menu is opened. */
export function useFavourites({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: favouritesKey,
    queryFn: ({ signal }) => api.request('/api/favourites', { schema: FavouriteListSchema, signal }),
    enabled,
  });
}

export function useSaveFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favourite: FavouriteInput) => api.request('/api/favourites', {
      method: 'POST', body: favourite, schema: FavouriteSavedSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });
}

export function useDeleteFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request(`/api/favourites/${encodeURIComponent(id)}`, {
      method: 'DELETE', schema: MessageAnswerSchema,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouritesKey }),
  });
}
