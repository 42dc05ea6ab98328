import { ClinicalSearchQuerySchema } from '@receta/domain';
import type { Ref } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/** The server refuses shorter searches: they would match everything. */
export const clinicalSearchMinLength = ClinicalSearchQuerySchema.shape.q.minLength ?? 0;

/** Asks one of the catalogues (vademecum, CIE-10, practices, insurers) for its first 20 matches of `q`. */
export function searchCatalogue<Option>(path: string, schema: z.ZodType<{ payload: Option[] }>) {
  return async (q: string, signal: AbortSignal): Promise<Option[]> => {
    const answer = await api.request(path, { query: { q, limit: 20 }, schema, signal });
    return answer.payload;
  };
}

/** What a form hands each catalogue field, beside its value. */
export interface CatalogueFieldProps {
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label?: string;
  required?: boolean;
  errorText?: string;
  name?: string;
}
