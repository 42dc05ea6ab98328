import type { ClinicalSearchQuerySchema, Diagnosis, InsurerSummary, Medication, Practice } from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { clinicalSearchIndexOf } from './clinical-search-index.ts';
import { findPractices } from './clinical-search.repository.ts';
import { searchWordsOf } from '../../db/search-condition.ts';

type ClinicalSearch = z.output<typeof ClinicalSearchQuerySchema>;
type Found<Item> = Promise<{ payload: Item[] }>;

// The searches of the prescription form, answered as the lookup lists are: the web app and
// external apps (docs/decisions/019) call these same ones.

/** The active presentations of the vademecum whose brand, ingredients or form hold every word of q. */
export async function searchMedications(db: Database, { q, limit }: ClinicalSearch): Found<Medication> {
  return { payload: await clinicalSearchIndexOf(db).findMedications(searchWordsOf(q), limit) };
}

/** The active CIE-10 codes whose code or description holds every word of q. */
export async function searchDiagnoses(db: Database, { q, limit }: ClinicalSearch): Found<Diagnosis> {
  return { payload: await clinicalSearchIndexOf(db).findDiagnoses(searchWordsOf(q), limit) };
}

/** The active insurers whose name, acronym or registry number holds every word of q. */
export async function searchInsurers(db: Database, { q, limit }: ClinicalSearch): Found<InsurerSummary> {
  return { payload: await clinicalSearchIndexOf(db).findInsurers(searchWordsOf(q), limit) };
}

/** The active practices of the catalogue whose code, name or category holds every word of q. */
export async function searchPractices(db: Database, { q, limit }: ClinicalSearch): Found<Practice> {
  return { payload: await findPractices(db, searchWordsOf(q), limit) };
}
