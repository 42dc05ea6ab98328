import { z } from 'zod';
import { payloadOf } from './api.ts';

export const SpecialtySchema = z.object({ id: z.number().int(), name: z.string() });
export type Specialty = z.infer<typeof SpecialtySchema>;
export const SpecialtyListSchema = payloadOf(SpecialtySchema);

export const JurisdictionSchema = z.object({ code: z.string(), name: z.string() });
export type Jurisdiction = z.infer<typeof JurisdictionSchema>;
export const JurisdictionListSchema = payloadOf(JurisdictionSchema);

export const ProfessionSchema = z.object({ code: z.string(), label: z.string() });
export type Profession = z.infer<typeof ProfessionSchema>;
export const ProfessionListSchema = payloadOf(ProfessionSchema);

/** Version info shown to the superadmin; the vademecum date is DD/MM/YYYY. */
export const InformationSchema = z.object({
  frontend: z.string(),
  backend: z.string(),
  vademecum: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
});
export type Information = z.infer<typeof InformationSchema>;
