import { z } from 'zod';
import { allergyKinds, type Allergy } from './patients.ts';

/** A medicine of a prescription being written that the patient is allergic or intolerant to. */
export const AllergyConflictSchema = z.object({
  /** The item's generic name, as the prescription names it. */
  genericName: z.string(),
  /** The patient's recorded allergy or intolerance it matches. */
  substance: z.string(),
  kind: z.enum(allergyKinds),
});
export type AllergyConflict = z.infer<typeof AllergyConflictSchema>;

/** Lower-case and accent-free, as both the vademecum and the doctor may write a substance. */
function comparable(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Allergies to a drug family are recorded by the family's name; a patient allergic to
 * penicillin reacts to amoxicillin too. The families a doctor most often records, with the
 * stems of their members' generic names (INN stems, as ANMAT and PAMI spell them).
 */
const drugFamilies: Record<string, readonly string[]> = {
  penicilina: ['penicilin', 'amoxicilin', 'ampicilin', 'oxacilin', 'dicloxacilin', 'piperacilin', 'bencilpenicilin'],
  betalactamico: ['cilina', 'cef', 'penem'],
  cefalosporina: ['cef'],
  sulfa: ['sulfa'],
  sulfonamida: ['sulfa'],
  aine: ['ibuprofen', 'diclofenac', 'naproxen', 'ketorolac', 'ketoprofen', 'meloxicam', 'piroxicam', 'indometacin',
    'acido acetilsalicilico', 'aspirina', 'dipirona', 'metamizol', 'celecoxib', 'etoricoxib', 'nimesulid'],
  quinolona: ['floxacin'],
  macrolido: ['tromicin'],
};

/** The stems a recorded substance stands for: its family's members, or the substance itself. */
function stemsOf(substance: string): readonly string[] {
  const words = comparable(substance).split(' ');
  // "Alergia a las penicilinas", "AINEs": the family by any of its words, plural or not.
  for (const word of words) {
    const family = drugFamilies[word] ?? drugFamilies[word.replace(/s$/, '')] ?? drugFamilies[word.replace(/es$/, '')];
    if (family) return [...family, comparable(substance)];
  }
  return [comparable(substance)];
}

/**
 * The items the patient's allergies or intolerances forbid: an active ingredient of the item
 * (a combination's ingredients are joined by '+') that contains the recorded substance or the
 * stem of a member of its family.
 */
export function allergyConflictsOf(
  allergies: readonly Allergy[], items: ReadonlyArray<{ genericName: string }>,
): AllergyConflict[] {
  return items.flatMap((item) => {
    const ingredients = comparable(item.genericName).split(/\s*\+\s*/);
    return allergies
      .filter((allergy) => stemsOf(allergy.substance).some((stem) => stem.length >= 3
        && ingredients.some((ingredient) => ingredient.includes(stem))))
      .map((allergy) => ({ genericName: item.genericName, substance: allergy.substance, kind: allergy.kind }));
  });
}
