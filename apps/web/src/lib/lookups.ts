import { JurisdictionListSchema, ProfessionListSchema, SpecialtyListSchema } from '@receta/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// The lists change with a data release, not while someone fills in the wizard.
const lookupFreshness = { staleTime: Infinity, gcTime: Infinity } as const;

export function useSpecialties() {
  return useQuery({
    queryKey: ['lookups', 'specialties'],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/specialty', { schema: SpecialtyListSchema, signal });
      return answer.payload;
    },
    ...lookupFreshness,
  });
}

export function useJurisdictions() {
  return useQuery({
    queryKey: ['lookups', 'jurisdictions'],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/jurisdictions', { schema: JurisdictionListSchema, signal });
      return answer.payload;
    },
    ...lookupFreshness,
  });
}

export function useProfessions() {
  return useQuery({
    queryKey: ['lookups', 'professions'],
    queryFn: async ({ signal }) => {
      const answer = await api.request('/api/professions/refeps', { schema: ProfessionListSchema, signal });
      return answer.payload;
    },
    ...lookupFreshness,
  });
}

/** Step 1 goes on only when the server finds the DNI, phone and CUIT acceptable. */
