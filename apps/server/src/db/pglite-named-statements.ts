import {
  parse, protocol, types, type messages, type PGlite, type QueryOptions, type Results, type Transaction,
} from '@electric-sql/pglite';
import {
  createTableRelationsHelpers, extractTablesRelationalConfig, NoopLogger, type ExtractTablesWithRelations, type Query,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import type { PgTransactionConfig, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteDatabase, PglitePreparedQuery, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm/relations';

/** Text sent as bytes beyond this many characters; shorter, counting it costs less than copying it. */
const longText = 1024;

/** Each type's parser, by type's number, as PGlite reads a row with them. */
type Parsers = Parameters<typeof parse.parseResults>[1];

interface ParsedStatement {
  text: string;
  parameterTypes: number[];
  /** Sent once, at the Parse; each call's rows are read against it. */
  rowDescription: messages.BackendMessage[];
}

/**
 * The named statements of one PGlite, each parsed and planned once per process. PGlite's
 * `query` sends every statement as the unnamed one, in six round trips into its WebAssembly
 * (Parse, Describe, Bind, Describe, Execute, Sync), so it parses and plans it on every call;
 * a named statement is bound and run in one (docs/decisions/052).
 */
export class PgliteNamedStatements {
  /** By the name drizzle prepared them under. */
  readonly #parsed = new Map<string, ParsedStatement>();
  /** PGlite's parsers merged with drizzle's, by the types drizzle parses (see `#parsersFor`). */
  readonly #parsers = new Map<string, Parsers>();

  constructor(readonly pglite: PGlite) {}

  /**
   * Runs `text` as the statement `name` and answers as PGlite's `query` would. Inside a
   * transaction, pass it: the statement then joins it; outside one, it waits for any
   * transaction to end, as `query` does, rather than run between another caller's statements.
   */
  query<Row>(
    name: string, text: string, params: readonly unknown[], options: QueryOptions, transaction: Transaction | undefined,
  ): Promise<Results<Row>> {
    return this.#exclusive(transaction, async () => {
      const parsed = this.#parsed.get(name);
      // Bound under its name, another statement's text would answer with the first one's rows.
      if (parsed && parsed.text !== text) throw new Error(`Two statements prepared under the name ${name}`);
      const statement = parsed ?? await this.#parse(name, text);
      const values = this.#serialized(params, statement.parameterTypes, options);
      const { messages } = await this.pglite.execProtocol(Buffer.concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]), { syncToFs: !transaction });
      return this.#results<Row>([...statement.rowDescription, ...messages], options);
    });
  }

  /**
   * Runs `text` as the unnamed statement, as PGlite's `query` does, in two calls into the
   * WebAssembly where `query` makes six: Parse and Describe, to learn the parameters' types
   * that choose their serializers; then Bind, Describe, Execute and Sync.
   */
  queryUnnamed<Row>(
    text: string, params: readonly unknown[], options: QueryOptions, transaction: Transaction | undefined,
  ): Promise<Results<Row>> {
    return this.#exclusive(transaction, async () => {
      let described: messages.BackendMessage[];
      try {
        ({ messages: described } = await this.pglite.execProtocol(Buffer.concat([
          protocol.serialize.parse({ text }),
          protocol.serialize.describe({ type: 'S' }),
        ]), { syncToFs: false }));
      } catch (error) {
        // A refused Parse leaves PostgreSQL skipping messages until the next Sync.
        await this.pglite.execProtocol(protocol.serialize.sync(), { syncToFs: false });
        throw error;
      }
      const values = this.#serialized(params, parse.parseDescribeStatementResults(described), options);
      const { messages } = await this.pglite.execProtocol(Buffer.concat([
        protocol.serialize.bind({ values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]), { syncToFs: !transaction });
      return this.#results<Row>(messages, options);
    });
  }

  #exclusive<Result>(transaction: Transaction | undefined, run: () => Promise<Result>): Promise<Result> {
    const pglite = this.pglite;
    const checkedRun = async () => {
      await pglite._checkReady();
      if (transaction?.closed) throw new Error('Transaction is closed');
      return run();
    };
    return transaction
      ? pglite.runExclusive(checkedRun)
      : pglite._runExclusiveTransaction(() => pglite.runExclusive(checkedRun));
  }

  /**
   * The parameters as PGlite's `query` sends them, each by its type's serializer; but bytes and
   * long text as they are, in PostgreSQL's binary format, which for both is the bytes themselves.
   * PGlite's serializer counts a string's UTF-8 length character by character in JavaScript, and
   * PostgreSQL decodes bytea's hex at twice the size: 4 ms, then 2 ms more in the WebAssembly, for
   * a batch of 200 accesses (100 kB) or a signed PDF, on the one connection.
   */
  #serialized(
    params: readonly unknown[], parameterTypes: number[], options: QueryOptions,
  ): (string | Uint8Array | null)[] {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = parameterTypes[index]!;
      if (type === types.BYTEA && value instanceof Uint8Array) return value;
      if (type === types.TEXT && typeof value === 'string' && value.length > longText) return Buffer.from(value);
      const serializer = options.serializers?.[type] ?? this.pglite.serializers[type];
      // As PGlite's `query` sends a value of a type it has no serializer for (text, uuid).
      return serializer ? serializer(value) : (value as { toString: () => string }).toString();
    });
  }

  #results<Row>(messages: messages.BackendMessage[], options: QueryOptions): Results<Row> {
    return parse.parseResults(messages, this.#parsersFor(options), { rowMode: options.rowMode })[0] as Results<Row>;
  }

  /**
   * PGlite's parsers with the query's over them. PGlite would merge the two maps, one entry
   * per type, on every call (a tenth of a request's time on the patient by id). drizzle gives
   * every query the same parsers, its own for dates, times and intervals that keep PostgreSQL's
   * text, but a new object each time: the merged map is kept by the types they parse.
   */
  #parsersFor({ parsers }: QueryOptions): Parsers {
    if (!parsers) return this.pglite.parsers;
    const types = Object.keys(parsers).join(',');
    let merged = this.#parsers.get(types);
    if (!merged) {
      merged = { ...this.pglite.parsers, ...parsers };
      this.#parsers.set(types, merged);
    }
    return merged;
  }

  async #parse(name: string, text: string): Promise<ParsedStatement> {
    const { messages } = await this.pglite.execProtocol(Buffer.concat([
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]), { syncToFs: false });
    // Recorded only once PostgreSQL has it: a Parse refused (say, in an aborted transaction)
    // leaves no statement behind, and the next call parses again.
    const statement = {
      text,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.filter((message) => message.name === 'rowDescription'),
    };
    this.#parsed.set(name, statement);
    return statement;
  }
}

type Schema = RelationalSchemaConfig<TablesRelationalConfig>;
type PrepareQueryArguments = Parameters<PgliteSession<Record<string, unknown>, TablesRelationalConfig>['prepareQuery']>;

/**
 * drizzle's PGlite session, but a statement prepared with a name runs as that named statement,
 * and every other one as the unnamed statement in two calls rather than six.
 */
class NamedStatementSession extends PgliteSession<Record<string, unknown>, TablesRelationalConfig> {
  readonly #statements: PgliteNamedStatements;
  readonly #transaction: Transaction | undefined;
  readonly #schema: Schema | undefined;

  constructor(
    statements: PgliteNamedStatements, transaction: Transaction | undefined,
    dialect: PgDialect, schema: Schema | undefined,
  ) {
    super(transaction ?? statements.pglite, dialect, schema);
    this.#statements = statements;
    this.#transaction = transaction;
    this.#schema = schema;
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query, fields: PrepareQueryArguments[1], name: string | undefined, isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => T['execute'], queryMetadata?: PrepareQueryArguments[5],
    cacheConfig?: PrepareQueryArguments[6],
  ) {
    // drizzle's prepared query, mapping rows as it always does, over a client whose only
    // method it calls, `query`, runs the named statement, or the unnamed one.
    const client = {
      query: (text: string, params: unknown[], options: QueryOptions) => (name === undefined
        ? this.#statements.queryUnnamed(text, params, options, this.#transaction)
        : this.#statements.query(name, text, params, options, this.#transaction)),
    } as unknown as PGlite;
    return new PglitePreparedQuery<T>(
      client, query.sql, query.params, new NoopLogger(), new NoopCache(), queryMetadata, cacheConfig, fields, name,
      isResponseInArrayMode, customResultMapper,
    );
  }

  override async transaction<T>(
    transaction: (tx: PgliteTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.#statements.pglite.transaction(async (pgliteTransaction) => {
      const session = new NamedStatementSession(this.#statements, pgliteTransaction, this.dialect, this.#schema);
      const tx = new PgliteTransaction(this.dialect, session, this.#schema);
      if (config) await tx.setTransaction(config);
      return transaction(tx);
    });
  }
}

/**
 * drizzle over PGlite as `drizzle-orm/pglite` builds it, except that statements prepared with
 * `.prepare(name)` are PGlite named statements, parsed and planned once per process, and the
 * others run in two calls into PGlite's WebAssembly rather than six.
 */
export function drizzleWithNamedStatements<TSchema extends Record<string, unknown>>(
  pglite: PGlite, config: { schema: TSchema; casing: 'snake_case' },
): PgliteDatabase<TSchema> {
  const dialect = new PgDialect({ casing: config.casing });
  const tables = extractTablesRelationalConfig<ExtractTablesWithRelations<TSchema>>(
    config.schema, createTableRelationsHelpers,
  );
  const schema = { fullSchema: config.schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new NamedStatementSession(new PgliteNamedStatements(pglite), undefined, dialect, schema);
  return Object.assign(new PgliteDatabase<TSchema>(dialect, session, schema), { $client: pglite });
}
