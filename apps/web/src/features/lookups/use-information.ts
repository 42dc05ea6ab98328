import { InformationSchema } from '@receta/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Frontend and backend versions and the vademecum date, shown to the superadmin only. */
export function useInformation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['information'],
    queryFn: ({ signal }) => api.request('/api/information', { schema: InformationSchema, signal }),
    enabled,
  });
}
