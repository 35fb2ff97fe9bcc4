/**
 * The database file store: each file one bytea row in stored_files, key "db:<id>". bytea cannot be
 * written in pieces, so put() gathers the stream (uploads are bounded by maxDocumentBytes first).
 */
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { DB } from "../db/connect.js";
import type { FileStore } from "./store.js";

const idOf = (key: string): number | null => {
  const match = /^db:(\d{1,9})$/.exec(key);
  return match ? Number(match[1]) : null;
};

export function databaseStore(db: DB): FileStore {
  return {
    async put(content, { companyId }) {
      const data = await buffer(content);
      const row = await db.insertInto("stored_files").values({ company_id: companyId, data }).returning("id").executeTakeFirstOrThrow();
      return `db:${String(row.id)}`;
    },
    async get(key, { companyId }) {
      const id = idOf(key);
      if (id === null) return null;
      const row = await db.selectFrom("stored_files").select("data").where("company_id", "=", companyId).where("id", "=", id).executeTakeFirst();
      // pg answers a Buffer, PGlite a Uint8Array
      return row ? Readable.from([Buffer.from(row.data as Uint8Array)]) : null;
    },
    async delete(key, { companyId }) {
      const id = idOf(key);
      if (id !== null) await db.deleteFrom("stored_files").where("company_id", "=", companyId).where("id", "=", id).execute();
    },
  };
}
