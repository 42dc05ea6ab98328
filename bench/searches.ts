import { roleSlugs } from '@receta/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, sessions, userRoles, users } from '../apps/server/src/db/schema/index.ts';
import { latencies, type Latencies } from './measure.ts';

/** ARCHITECTURE.md: searches over the full medication and CIE-10 data answer with a p99 under 10 ms. */
export const searchBudgetMs = 10;

// What doctors type in the prescription form, the short prefixes of someone still typing
// included, with and without accents.
const queries = {
  medications: [
    'ib', 'ibu', 'ibupro', 'ibuprofeno', 'ibuprofeno 400', 'amox', 'amoxicilina', 'amoxicilina 500', 'amoxidal',
    'paracetamol', 'tafirol', 'enalapril 10', 'losartan', 'losartán 50', 'metformina 850', 'omeprazol 20',
    'atorvastatina', 'clonazepam', 'levotiroxina', 'salbutamol', 'diclofenac', 'ácido fólico', 'acido acetilsalicilico',
    'buscapina', 'amlodipina', 'sertralina 50', 'insulina', 'prednisona', 'cefalexina', 'jarabe',
  ],
  diagnoses: [
    'J4', 'J45', 'j45.0', 'I10', 'E11', 'e119', 'K29.7', 'asma', 'hipertension', 'hipertensión esencial',
    'diabetes mellitus', 'diabetes tipo 2', 'cefalea', 'lumbago', 'faringitis aguda', 'infeccion urinaria',
    'gastroenteritis', 'ansiedad', 'depresion', 'otitis media', 'neumonia', 'dermatitis', 'obesidad', 'anemia',
  ],
  insurers: ['pami', 'osde', 'ioma', 'swiss', 'galeno', 'medife', 'obra social', 'union personal', 'particular', 'os'],
} as const;

/** A signed-in doctor's authorization header, straight in the database. */
async function doctorAuthorization(app: FastifyInstance): Promise<{ authorization: string }> {
  const [user] = await app.db.insert(users)
    .values({ email: 'busquedas@receta.test', passwordHash: 'not used', displayName: 'Médica', status: 'active' })
    .returning({ id: users.id });
  const [role] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, roleSlugs.medical));
  const [session] = await app.db.insert(sessions)
    .values({ userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning({ id: sessions.id });
  await app.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id, position: 0 });
  return { authorization: `Bearer ${app.tokens.sign('access', { sub: user!.id, sid: session!.id }, 3600)}` };
}

/**
 * The latencies of the prescription form's searches over the full reference data, through
 * the whole request (token, session, query, serialisation), one request at a time.
 */
export async function measureSearches(app: FastifyInstance): Promise<Latencies[]> {
  const headers = await doctorAuthorization(app);
  const measurements: Latencies[] = [];
  for (const [resource, words] of Object.entries(queries)) {
    const operations = words.map((q) => async () => {
      const response = await app.inject({ url: `/api/${resource}?q=${encodeURIComponent(q)}`, headers });
      if (response.statusCode !== 200) throw new Error(`GET /api/${resource}?q=${q}: ${response.body}`);
    });
    measurements.push(await latencies(`GET /api/${resource} (${words.length} searches)`, operations));
  }
  return measurements;
}
