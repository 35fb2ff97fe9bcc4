/**
 * The S3 file store (STORAGE=s3) against a real S3-compatible server (s3rver, tests/support/s3-server.ts):
 * uploads land in the bucket, not in stored_files; downloads and zips read them back; deleting the
 * document removes the object; a refused upload (size, type) leaves no object; documents stored in
 * the database before the switch still download.
 */
import { Readable } from "node:stream";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { maxDocumentBytes } from "../../src/server/files/kinds.js";
import { databaseStore } from "../../src/server/files/database-store.js";
import { startS3 } from "../support/s3-server.js";
import { useApp } from "./harness.js";
import { exe, pdf, uploads } from "./uploads.js";

const s3 = await startS3();
Object.assign(process.env, s3.env, { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" });
afterAll(() => s3.close());

const h = useApp();
const { anInvoice, get, storedFiles, upload } = uploads(h);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const objectOf = (document: Json) => String(document.storage_key).replace(/^s3:/, "");

describe("STORAGE=s3", () => {
  it("stores an upload as an object in the bucket, serves the same bytes, and deletes the object with the document", async () => {
    const filesBefore = await storedFiles();
    const content = pdf("stored in the bucket");
    const uploaded = await upload(await anInvoice(), "scan.pdf", content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = uploaded.json().data as Json;
    const acme = await h.companyId("Acme Corp");
    expect(document.storage_key).toMatch(new RegExp(`^s3:${acme}/[0-9a-f-]{36}$`));
    expect(await s3.objects()).toContain(objectOf(document));
    expect(await storedFiles()).toBe(filesBefore);

    const file = await get(document.asset_expiring_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="scan.pdf"/);
    expect((await get(document.asset_expiring_url, "admin@globex.test")).statusCode).toBe(404);

    const deleted = await h.app.inject({ method: "DELETE", url: `/api/documents/${document.id}`, headers: await h.login("admin@acme.test") });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await s3.objects()).not.toContain(objectOf(document));
  });

  it("leaves no object behind for an upload above the size limit (413) or a renamed .exe (422)", async () => {
    const before = await s3.objects();
    const big = await upload(await anInvoice(), "big.pdf", Buffer.concat([pdf("big"), Buffer.alloc(maxDocumentBytes)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.file).toEqual(["must not be larger than 5 MB"]);
    const renamed = await upload(await anInvoice(), "invoice.pdf", exe);
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.file).toEqual(["is not a real .pdf file: its content does not match its name, so it was not uploaded"]);
    expect(await s3.objects()).toEqual(before);
  });

  it("zips documents from the bucket together with one stored in the database before the switch", async () => {
    const invoice = await anInvoice();
    const acme = await h.companyId("Acme Corp");
    const inBucket = (await upload(invoice, "bucket.pdf", pdf("bucket"))).json().data as Json;
    // a document uploaded while STORAGE was db
    const key = await databaseStore(h.database.db).put(Readable.from([pdf("database")]), { companyId: acme });
    const earlier = await h.database.db.insertInto("documents").values({
      company_id: acme, assetable_type: "Invoice", assetable_id: invoice.id, asset_file_file_name: "earlier.pdf",
      asset_file_file_size: pdf("database").length, content_type: "application/pdf", storage_key: key,
    }).returning("id").executeTakeFirstOrThrow();

    expect((await get(`/api/documents/${earlier.id}/file`)).rawPayload.equals(pdf("database"))).toBe(true);
    const zip = await h.app.inject({ method: "POST", url: "/api/documents/zip", headers: await h.login("admin@acme.test"), payload: { ids: [inBucket.id, earlier.id] } });
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(["bucket.pdf", "earlier.pdf"]);
    expect(Buffer.from(entries["bucket.pdf"]).equals(pdf("bucket"))).toBe(true);
  });
});
