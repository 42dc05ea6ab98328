import type { Database } from './client.ts';

/**
 * A statement built once per database handle instead of on every call: drizzle assembles a
 * query's SQL from its column objects each time it runs, which on a read every request makes
 * costs the server more than the read itself. Named, PostgreSQL also plans it once per connection,
 * and PGlite once per process (`pglite-named-statements.ts`).
 */
export function preparedPerDatabase<Statement>(prepare: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
