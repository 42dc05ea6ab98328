import { z } from 'zod';
import { prescriptionEventKinds } from './signing.ts';

/**
 * `GET /api/quick-panel/data`: what the quick panel shows at a glance — today's date in
 * Argentina, the user's drafts waiting to be signed, and the latest events on their
 * prescriptions (a patient opening one, a pharmacy dispensing it).
 */
export const QuickPanelDataSchema = z.object({
  /** `YYYY-MM-DD` in Argentina, whatever the browser's clock says. */
  today: z.string(),
  drafts: z.object({
    total: z.number().int().nonnegative(),
    latest: z.array(z.object({
      id: z.string(),
      number: z.number().int(),
      patient: z.string(),
      createdAt: z.string(),
    })),
  }),
  events: z.array(z.object({
    id: z.string(),
    kind: z.enum(prescriptionEventKinds),
    at: z.string(),
    prescriptionId: z.string(),
    prescriptionNumber: z.number().int(),
    patient: z.string(),
  })),
});
export type QuickPanelData = z.infer<typeof QuickPanelDataSchema>;
