import type { SeedLogger } from '../src/seed.ts';

/** The superadmin every test database starts with. */
export const testAdmin = { email: 'admin@receta.test', password: 'Admin-Receta-2026' };

export const silentLogger: SeedLogger = { info: () => undefined };
