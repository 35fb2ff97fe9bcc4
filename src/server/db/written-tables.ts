/**
 * Which tables a statement writes, read from the statement itself by a Kysely plugin installed on
 * every connection, so that no write path lists its tables by hand. The caches that depend on a
 * table (list counts, resolved sessions) subscribe with `onTablesWritten` and are told:
 * - inside a unit of work (unit-of-work.ts), once the transaction has committed;
 * - outside one, as soon as the statement has succeeded.
 * Built statements name their table in the operation tree; raw `sql` is read from its text
 * (`insert into t`, `update t`, `delete from t`, also with `sql.table(t)`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from "kysely";

type Listener = (tables: ReadonlySet<string>) => void;

const listeners: Listener[] = [];

export function onTablesWritten(listener: Listener): void {
  listeners.push(listener);
}

export function announceWritten(tables: ReadonlySet<string>): void {
  if (tables.size) for (const listener of listeners) listener(tables);
}

/** The tables written so far by the unit of work the current async context runs in. */
export const unitTables = new AsyncLocalStorage<Set<string>>();

const nameOf = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (node.kind === "TableNode") return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === "AliasNode") return nameOf((node as unknown as { node: OperationNode }).node);
  // sql.table(t) is a raw node around the table node
  const raw = node as unknown as { kind: string; sqlFragments?: readonly string[]; parameters?: readonly OperationNode[] };
  if (raw.kind === "RawNode" && raw.parameters?.length === 1 && raw.sqlFragments?.every((f) => !f.trim())) return nameOf(raw.parameters[0]);
  return undefined;
};

const writeVerb = /(?:^|[^\w])(insert\s+into|update|delete\s+from)\s+(?:only\s+)?("?[a-z_][a-z0-9_]*"?)?\s*$/i;
const inlineWrite = /(?:^|[^\w])(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
/** words after UPDATE that are not a table: FOR UPDATE [OF|SKIP LOCKED|NOWAIT], ON CONFLICT DO UPDATE SET */
const notTables = new Set(["set", "of", "skip", "nowait"]);

function rawTables(node: { sqlFragments: readonly string[]; parameters: readonly OperationNode[] }, into: Set<string>): void {
  node.sqlFragments.forEach((fragment, i) => {
    for (const match of fragment.matchAll(inlineWrite)) if (!notTables.has(match[1].toLowerCase())) into.add(match[1].toLowerCase());
    // `update ${sql.table(t)}`: the verb ends this fragment, the table is the next parameter
    const verb = writeVerb.exec(fragment);
    const table = verb && !verb[2] ? nameOf(node.parameters[i]) : undefined;
    if (table) into.add(table);
  });
  for (const parameter of node.parameters) collect(parameter, into);
}

/** Every table an insert, update, delete or merge in the tree writes (CTEs and raw SQL included). */
function collect(node: OperationNode | undefined, into: Set<string>): void {
  if (!node || typeof node !== "object") return;
  const n = node as unknown as Record<string, unknown>;
  switch (node.kind) {
    case "InsertQueryNode":
    case "MergeQueryNode": {
      const table = nameOf(n.into as OperationNode);
      if (table) into.add(table);
      break;
    }
    case "UpdateQueryNode": {
      const table = nameOf(n.table as OperationNode);
      if (table) into.add(table);
      break;
    }
    case "DeleteQueryNode":
      for (const from of (n.from as { froms: OperationNode[] } | undefined)?.froms ?? []) {
        const table = nameOf(from);
        if (table) into.add(table);
      }
      break;
    case "RawNode":
      rawTables(node as unknown as { sqlFragments: readonly string[]; parameters: readonly OperationNode[] }, into);
      return;
    case "SelectQueryNode":
      // a select writes only through its CTEs (with … insert … select)
      collect(n.with as OperationNode, into);
      return;
  }
  for (const value of Object.values(n)) {
    if (Array.isArray(value)) for (const item of value) collect(item as OperationNode, into);
    else if (value && typeof value === "object" && "kind" in value) collect(value as OperationNode, into);
  }
}

export function tablesWrittenBy(node: RootOperationNode | OperationNode): Set<string> {
  const tables = new Set<string>();
  collect(node, tables);
  return tables;
}

const readOnlyRoots = new Set(["SelectQueryNode"]);

export class WrittenTablesPlugin implements KyselyPlugin {
  /** statements outside a unit of work, announced once they succeed */
  private readonly pending = new WeakMap<QueryId, Set<string>>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (readOnlyRoots.has(node.kind) && !(node as { with?: unknown }).with) return node;
    const tables = tablesWrittenBy(node);
    if (!tables.size) return node;
    const unit = unitTables.getStore();
    if (unit) for (const table of tables) unit.add(table);
    else this.pending.set(queryId, tables);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(queryId);
    if (tables) {
      this.pending.delete(queryId);
      announceWritten(tables);
    }
    return result;
  }
}
