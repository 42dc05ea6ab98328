import { QuickPanelDataSchema } from '@receta/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The quick panel's contents, read while it is open (spec section 7, `GET /api/quick-panel/data`). */
export function useQuickPanelData(isOpen: boolean) {
  return useQuery({
    queryKey: ['quick-panel'],
    queryFn: ({ signal }) => api.request('/api/quick-panel/data', { schema: QuickPanelDataSchema, signal }),
    enabled: isOpen,
  });
}
