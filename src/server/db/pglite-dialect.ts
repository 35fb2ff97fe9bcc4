/**
 * Kysely dialect for embedded PGlite. PGlite is a single connection, so every connection hand-out
 * (a query, or a whole transaction) holds it exclusively through a FIFO mutex; otherwise queries of
 * concurrent requests would leak into an open transaction.
 */
import { parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";
import { StatementNames } from "./prepared.js";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

/** PostgreSQL's adapter under its own name, so that code can tell a PGlite database apart: isPGlite(). */
export class PGliteAdapter extends PostgresAdapter {}

/** Whether the database (or transaction) runs on embedded PGlite. */
export function isPGlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PGliteAdapter;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

const { serialize } = protocol;

function concat(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
}

class PGliteConnection implements DatabaseConnection {
  private readonly names = new StatementNames();
  /** the parameter types of each statement prepared, by name */
  private readonly prepared = new Map<string, number[]>();

  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // a script (migrations) goes through the simple protocol, which allows several statements
    if (query.parameters.length === 0 && query.sql.includes(";")) {
      const results = await this.pg.exec(query.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const name = this.names.nameFor(query.sql, this.pg.isInTransaction());
    const result = name
      ? await this.runPrepared<R>(name, query).catch((error: unknown) => {
        if (!this.names.stale(error)) throw error;
        return this.pg.query<R>(query.sql, query.parameters as unknown[]);
      })
      : await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  /**
   * PGlite's query() parses, describes and plans the text every time (prepared.ts): here a named
   * statement is parsed once, then each run is one bind, describe and execute, values serialised
   * and rows parsed by PGlite's own functions as query() does.
   */
  private async runPrepared<R>(name: string, query: CompiledQuery): Promise<Results<R>> {
    let types = this.prepared.get(name);
    if (!types) {
      const described = await this.pg.execProtocol(concat([serialize.parse({ name, text: query.sql }), serialize.describe({ type: "S", name }), serialize.sync()]));
      types = parse.parseDescribeStatementResults(described.messages);
      this.prepared.set(name, types);
    }
    const values = query.parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[types[i]];
      return serializer ? serializer(value as never) : String(value);
    });
    const { messages } = await this.pg.execProtocol(concat([
      serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync(),
    ]));
    return parse.parseResults(messages, this.pg.parsers)[0] as Results<R>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported on PGlite");
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // one shared connection object: key the release by a fresh wrapper per hand-out
    const handle: DatabaseConnection = {
      executeQuery: (q) => this.connection.executeQuery(q),
      streamQuery: () => this.connection.streamQuery(),
    };
    this.releases.set(handle, release);
    return handle;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.();
    this.releases.delete(connection);
  }

  async destroy(): Promise<void> {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PGliteAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
