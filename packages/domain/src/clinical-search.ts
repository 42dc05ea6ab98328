import { z } from 'zod';
import { payloadOf } from './api.ts';
import * as messages from './messages/index.ts';
import { withoutControls } from './schema-helpers.ts';

/**
 * The searches of the prescription form (and of the OAuth search scopes): the vademecum,
 * CIE-10 and the insurers. A query needs two characters; fewer would match everything.
 */
export const ClinicalSearchQuerySchema = z.object({
  q: withoutControls(z.string({ error: messages.search.queryTooShort }).trim()
    .min(2, messages.search.queryTooShort).max(100, messages.common.invalidData)),
  limit: z.coerce.number<string | number>(messages.common.invalidData).int(messages.common.invalidData)
    .positive(messages.common.invalidData).max(50, messages.common.invalidData).default(20),
});
export type ClinicalSearchQuery = z.input<typeof ClinicalSearchQuerySchema>;

/** A presentation of the vademecum (ANMAT). */
export const MedicationSchema = z.object({
  id: z.number().int(),
  brandName: z.string(),
  genericName: z.string().nullable(),
  strength: z.string().nullable(),
  pharmaceuticalForm: z.string().nullable(),
  presentation: z.string(),
  laboratory: z.string(),
  saleCondition: z.string().nullable(),
  gtin: z.string().nullable(),
  troquel: z.string().nullable(),
});
export type Medication = z.infer<typeof MedicationSchema>;
export const MedicationListSchema = payloadOf(MedicationSchema);

/** A CIE-10 category or subcategory. */
export const DiagnosisSchema = z.object({ code: z.string(), description: z.string() });
export type Diagnosis = z.infer<typeof DiagnosisSchema>;
export const DiagnosisListSchema = payloadOf(DiagnosisSchema);

/**
 * A study, practice or procedure of the catalogue derived from the Programa Médico Obligatorio
 * (Res. 201/2002): what a prescription of kind 'practice' orders by `practiceCode`.
 */
export const PracticeSchema = z.object({ code: z.string(), name: z.string(), category: z.string() });
export type Practice = z.infer<typeof PracticeSchema>;
export const PracticeListSchema = payloadOf(PracticeSchema);

export const insurerKinds = ['obra_social', 'obra_social_provincial', 'prepaga', 'plan_publico', 'particular'] as const;
export type InsurerKind = (typeof insurerKinds)[number];

/** An insurer (financiador) as lists and prescriptions show it. */
export const InsurerSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  acronym: z.string().nullable(),
  kind: z.enum(insurerKinds),
});
export type InsurerSummary = z.infer<typeof InsurerSummarySchema>;
export const InsurerListSchema = payloadOf(InsurerSummarySchema);
