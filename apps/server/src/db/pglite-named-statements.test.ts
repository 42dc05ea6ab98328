import { randomBytes, randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseUrl } from '../../test/database.ts';
import type { Database, DatabaseHandle } from './client.ts';
import * as schema from './schema/index.ts';
import { sessions, users } from './schema/index.ts';
import { violatedUniqueConstraint } from './unique-violation.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A user, their sessions (a left join, null without one), a timestamp and an array: drizzle's mapping at work. */
function userWithSessions(db: Database) {
  return db.select({
    id: users.id,
    email: users.email,
    createdAt: users.createdAt,
    emailParts: sql<string[]>`string_to_array(${users.email}, '@')`,
    session: { id: sessions.id, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt },
  })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(sessions.expiresAt);
}

async function createUserRow(db: Database, sessionCount: number): Promise<string> {
  const [user] = await db.insert(users)
    .values({ email: `nombrada-${randomUUID().slice(0, 8)}@receta.test`, passwordHash: 'x', displayName: 'Nombrada', status: 'active' })
    .returning({ id: users.id });
  for (let index = 0; index < sessionCount; index += 1) {
    await db.insert(sessions).values({ userId: user!.id, expiresAt: new Date(Date.UTC(2030, 0, 1 + index)) });
  }
  return user!.id;
}

async function preparedStatementsNamed(name: string): Promise<{ name: string }[]> {
  return database.db.select({ name: sql<string>`name` })
    .from(sql`pg_prepared_statements`)
    .where(sql`name like ${`${name}%`}`);
}

describe('statements prepared with a name', () => {
  it('answer the same rows, mapped the same way, as the statement run unprepared', async () => {
    const { db } = database;
    const withSessions = await createUserRow(db, 2);
    const withoutSessions = await createUserRow(db, 0);
    const statement = userWithSessions(db).prepare('test_user_with_sessions');
    for (const userId of [withSessions, withoutSessions, randomUUID()]) {
      expect(await statement.execute({ userId })).toEqual(await userWithSessions(db).execute({ userId }));
    }
    const [first] = await statement.execute({ userId: withoutSessions });
    expect(first?.session).toBeNull();
    expect(first?.createdAt).toBeInstanceOf(Date);
  });

  it.skipIf(testDatabaseUrl())('are parsed once by PGlite and reused by every later call', async () => {
    const { db } = database;
    const userIds = [await createUserRow(db, 1), await createUserRow(db, 0)];
    const statement = userWithSessions(db).prepare('test_reused');
    for (let call = 0; call < 50; call += 1) {
      const userId = userIds[call % 2]!;
      const [row] = await statement.execute({ userId });
      expect(row?.id).toBe(userId);
    }
    // Prepared again, as a module's statement is for each transaction, it is the same one.
    await db.transaction(async (tx) => userWithSessions(tx).prepare('test_reused').execute({ userId: userIds[0] }));
    expect(await preparedStatementsNamed('test_reused')).toEqual([{ name: 'test_reused' }]);
  });

  it.skipIf(testDatabaseUrl())('refuse a second statement under a name taken, rather than answer the first one\'s rows', async () => {
    const { db } = database;
    const userId = await createUserRow(db, 1);
    const byId = db.select({ id: users.id }).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('test_one_name');
    const sessionsOf = db.select({ id: sessions.id }).from(sessions)
      .where(eq(sessions.userId, sql.placeholder('userId'))).prepare('test_one_name');
    expect(await byId.execute({ userId })).toEqual([{ id: userId }]);
    await expect(sessionsOf.execute({ userId })).rejects.toThrow();
    expect(await byId.execute({ userId })).toEqual([{ id: userId }]);
  });

  it('see a transaction\'s own writes inside it, and only what it committed outside it', async () => {
    const { db } = database;
    const userId = await createUserRow(db, 0);
    const outside = userWithSessions(db).prepare('test_isolation');
    let readDuringTransaction: Promise<unknown[]> | undefined;
    const rolledBack = db.transaction(async (tx) => {
      await tx.insert(sessions).values({ userId, expiresAt: new Date(Date.UTC(2030, 0, 1)) });
      // Asked while the transaction is open, from outside it: on PGlite's single connection
      // it must wait for the transaction, not run between its statements and see its write.
      readDuringTransaction = outside.execute({ userId });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [inside] = await userWithSessions(tx).prepare('test_isolation').execute({ userId });
      expect(inside?.session).not.toBeNull();
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    const [seenOutside] = await readDuringTransaction!;
    expect(seenOutside).toMatchObject({ id: userId, session: null });
    const [afterwards] = await outside.execute({ userId });
    expect(afterwards?.session).toBeNull();
  });

  it('keep working after a call fails, and after a first call refused in an aborted transaction', async () => {
    const { db } = database;
    const userId = await createUserRow(db, 1);
    const statement = userWithSessions(db).prepare('test_after_failure');
    await expect(statement.execute({ userId: 'no es un uuid' })).rejects.toThrow();
    expect(await statement.execute({ userId })).toHaveLength(1);

    const firstInAbortedTransaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1 / 0`).catch(() => undefined);
      await userWithSessions(tx).prepare('test_first_in_aborted').execute({ userId });
    });
    await expect(firstInAbortedTransaction).rejects.toThrow();
    expect(await userWithSessions(db).prepare('test_first_in_aborted').execute({ userId })).toHaveLength(1);
  });
});

describe.skipIf(testDatabaseUrl())('statements without a name, on PGlite', () => {
  /** drizzle's own PGlite driver over the same database: what every statement answered before. */
  const asDrizzleRunsThem = () => drizzle({ client: (database.db as unknown as { $client: PGlite }).$client, schema, casing: 'snake_case' });

  it('send every kind of parameter and read every kind of column as drizzle\'s own driver does', async () => {
    const userId = await createUserRow(database.db, 2);
    const everyKind = sql`select ${JSON.stringify({ alergias: ['penicilina'], nota: 'ñandú' })}::jsonb as details,
      ${Buffer.from([0, 1, 254, 255])}::bytea as bytes, ${new Date(Date.UTC(2026, 10, 28, 12, 30))}::timestamptz as at,
      ${'2026-11-28'}::date as day, ${sql.raw("interval '90 minutes'")} as lasting, array[1, 2, 3]::int[] as numbers,
      ${null}::text as nothing, ${'Núñez'} as name, 2::bigint as big, 1.50::numeric as price, true as yes,
      ${'Ñandú, pingüino y €. '.repeat(100)}::text as long_text, ${randomBytes(70_000)}::bytea as pdf`;
    expect(await database.db.execute(everyKind)).toEqual(await asDrizzleRunsThem().execute(everyKind));
    expect(await userWithSessions(database.db).execute({ userId }))
      .toEqual(await userWithSessions(asDrizzleRunsThem() as unknown as Database).execute({ userId }));
  });

  it('keep working after a statement PostgreSQL refuses to parse, and after one that fails as it runs', async () => {
    await expect(database.db.execute(sql.raw('selec 1'))).rejects.toThrow();
    expect(await database.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    expect(await database.db.execute(sql`select 2 as two`)).toMatchObject({ rows: [{ two: 2 }] });
  });

  it('report a broken unique constraint by its name, as a lost race is answered', async () => {
    const email = `unica-${randomUUID().slice(0, 8)}@receta.test`;
    const values = { email, passwordHash: 'x', displayName: 'Única', status: 'active' as const };
    await database.db.insert(users).values(values);
    const error: unknown = await database.db.insert(users).values(values).catch((failure: unknown) => failure);
    expect(violatedUniqueConstraint(error)).toBe('users_email_unique');
  });
});
