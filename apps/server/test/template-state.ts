import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Makes the tests' template able to return to its own state, so that a worker's next test file
 * takes the database the last one closed instead of another copy (on PGlite a second of CPU a
 * file, on PostgreSQL half a second to create it; docs/decisions/066). In the schema
 * `template_state`, beside the app's tables:
 *
 * - `written`: every table of the app written since the template's state, noted by a trigger
 *   on each, once a statement;
 * - a copy of every table that holds the template's rows, up to a thousand of them (the first
 *   user, the roles, the insurers); `copies` names them, and the larger ones (the vademecum, the
 *   CIE-10), whose change makes the database one to close rather than reset;
 * - `sequences`: where each sequence of the app stood;
 * - `fingerprint`: the app's relations, columns, constraints, triggers (enabled or not) and
 *   functions, which a test that changes them (a table of its own, a trigger left disabled)
 *   would change.
 */
const preparation = `
create schema template_state;

create table template_state.written (table_name text primary key);

create function template_state.note_written() returns trigger language plpgsql as $$
begin
  insert into template_state.written values (tg_table_name) on conflict do nothing;
  return null;
end $$;

create function template_state.schema_fingerprint() returns text language sql as $$
  select md5(string_agg(item, E'\\n' order by item)) from (
    select format('relation %s %s', relname, relkind) from pg_class where relnamespace = 'public'::regnamespace
    union all
    select format('column %s %s %s', attrelid::regclass, attname, atttypid::regtype)
      from pg_attribute join pg_class on pg_class.oid = attrelid
      where relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped
    union all
    select format('constraint %s %s', conrelid::regclass, conname) from pg_constraint
      where connamespace = 'public'::regnamespace
    union all
    select format('trigger %s %s %s', tgrelid::regclass, tgname, tgenabled)
      from pg_trigger join pg_class on pg_class.oid = tgrelid where relnamespace = 'public'::regnamespace
    union all
    select format('function %s', oid::regprocedure) from pg_proc where pronamespace = 'public'::regnamespace
  ) as schema_items (item)
$$;

create table template_state.copies (table_name text primary key, restorable boolean not null);
create table template_state.sequences (sequence_name text primary key, last_value bigint not null, is_called boolean not null);

do $$
declare
  app_table text;
  app_sequence text;
  row_count bigint;
begin
  for app_table in select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' loop
    execute format(
      'create trigger template_state_written after insert or update or delete or truncate on public.%I '
      'for each statement execute function template_state.note_written()', app_table);
    execute format('select count(*) from public.%I', app_table) into row_count;
    if row_count > 0 then
      insert into template_state.copies values (app_table, row_count <= 1000);
      if row_count <= 1000 then
        execute format('create table template_state.%I as table public.%I', app_table, app_table);
      end if;
    end if;
  end loop;
  for app_sequence in select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S' loop
    execute format(
      'insert into template_state.sequences select %L, last_value, is_called from public.%I', app_sequence, app_sequence);
  end loop;
end $$;

create table template_state.fingerprint as select template_state.schema_fingerprint() as fingerprint;

-- Empties every table written since the template's state, and every table referring to one
-- (a truncation leaves no row pointing nowhere), puts the template's rows back and the sequences
-- where they stood. Answers false, having changed nothing, where that cannot give the template's
-- state back: the schema changed, or a large table of the template was written.
create function template_state.reset() returns boolean language plpgsql as $$
declare
  cleared text[];
  copy record;
  app_sequence record;
begin
  if template_state.schema_fingerprint() <> (select fingerprint from template_state.fingerprint) then
    return false;
  end if;
  with recursive cleared_tables (table_name) as (
    select table_name from template_state.written
    union
    select referring.relname::text collate "default"
      from pg_constraint
      join pg_class referring on referring.oid = conrelid
      join pg_class referred on referred.oid = confrelid
      join cleared_tables on cleared_tables.table_name = referred.relname
      where contype = 'f' and referring.relnamespace = 'public'::regnamespace
        and referred.relnamespace = 'public'::regnamespace
  )
  select array_agg(table_name) into cleared from cleared_tables;
  if exists (select from template_state.copies where table_name = any(cleared) and not restorable) then
    return false;
  end if;
  if cleared is not null then
    -- No trigger of the app's (counts, announcements) nor of this schema sees the reset.
    set local session_replication_role = replica;
    execute (select 'truncate ' || string_agg(format('public.%I', table_name), ', ') from unnest(cleared) as table_name);
    for copy in select table_name from template_state.copies where table_name = any(cleared) loop
      execute (
        select format('insert into public.%I (%s) overriding system value select %2$s from template_state.%1$I',
          copy.table_name, string_agg(quote_ident(attname), ', ' order by attnum))
        from pg_attribute
        where attrelid = format('public.%I', copy.table_name)::regclass and attnum > 0 and not attisdropped
          and attgenerated = ''
      );
    end loop;
    truncate template_state.written;
  end if;
  for app_sequence in select * from template_state.sequences loop
    perform setval(format('public.%I', app_sequence.sequence_name)::regclass, app_sequence.last_value, app_sequence.is_called);
  end loop;
  return true;
end $$;
`;

const reset = 'select template_state.reset() as reset';

/**
 * Readies a freshly seeded template for a reset (see `preparation`), given what runs SQL text
 * of several statements on it.
 */
export async function prepareTemplateState(runStatements: (text: string) => Promise<unknown>): Promise<void> {
  await runStatements(preparation);
}

/**
 * Returns a database copied from the prepared template to the template's state, its session as
 * new (no prepared statement, setting, listener or lock left). Answers false where it cannot:
 * the database is then to be closed.
 */
export async function resetPgliteToTemplate(client: PGlite): Promise<boolean> {
  try {
    await client.exec('discard all');
    const { rows } = await client.query<{ reset: boolean }>(reset);
    return rows[0]?.reset === true;
  } catch {
    // A file that ended inside a transaction, say: a new copy serves the next file as well.
    return false;
  }
}

/**
 * The same for a PostgreSQL database copied from the prepared template, once every connection
 * of its test file has closed. Answers false where it cannot, or where a connection left open
 * holds a table for longer than a few seconds: the database is then to be dropped.
 */
export async function resetPostgresToTemplate(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, options: '-c lock_timeout=5s' });
  try {
    await client.connect();
    const { rows } = await client.query<{ reset: boolean }>(reset);
    return rows[0]?.reset === true;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}
