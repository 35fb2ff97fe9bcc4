/**
 * Files: multipart upload into the file store, the type proved by the bytes, size limit, safe names,
 * company scope, download as an attachment, and a zip that reports the file it could not read.
 */
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { maxDocumentBytes } from "../../src/server/files/kinds.js";
import { useApp } from "./harness.js";
import { exe, pdf, uploads } from "./uploads.js";

const h = useApp();
const { anInvoice, get, storedFiles, upload } = uploads(h);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("upload and download", () => {
  it("a PDF uploaded on an invoice is listed on it and downloads with the same bytes as an attachment", async () => {
    const invoice = await anInvoice();
    const content = pdf("the vendor's invoice");
    const uploaded = await upload(invoice, "invoice 1042.pdf", content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = uploaded.json().data as Json;
    expect(document).toMatchObject({ asset_file_file_name: "invoice 1042.pdf", asset_file_file_size: content.length, content_type: "application/pdf", storage_key: expect.stringMatching(/^db:\d+$/) });

    const shown = (await get(`/api/invoices/${invoice.id}`)).json().data as Json;
    expect(shown.documents.map((d: Json) => d.id)).toContain(document.id);

    const file = await get(document.asset_expiring_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="invoice 1042.pdf"; filename*=UTF-8''invoice%201042.pdf`);
    expect((await get(document.asset_expiring_url, "admin@globex.test")).statusCode).toBe(404);
  });

  it("a renamed .exe is refused with 422 and a plain message, and nothing is stored", async () => {
    const before = await storedFiles();
    const refused = await upload(await anInvoice(), "invoice.pdf", exe);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual(["is not a real .pdf file: its content does not match its name, so it was not uploaded"]);
    const exeByName = await upload(await anInvoice(), "setup.exe", exe);
    expect(exeByName.statusCode).toBe(422);
    expect(exeByName.json().errors.file[0]).toMatch(/^must be one of these file types: pdf, doc/);
    expect(await storedFiles()).toBe(before);
    expect((await get("/api/documents?asset_file_file_name=setup.exe")).json().data).toEqual([]);
  });

  it("a file above the size limit is refused with 413 and nothing is stored", async () => {
    const before = await storedFiles();
    const big = Buffer.concat([pdf("big"), Buffer.alloc(maxDocumentBytes)]);
    const refused = await upload(await anInvoice(), "big.pdf", big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors.file).toEqual(["must not be larger than 5 MB"]);
    expect(await storedFiles()).toBe(before);
  });

  it("a name with path separators and control characters is stored as its last segment; letters of every script stay", async () => {
    const uploaded = await upload(await anInvoice(), "..\\..\\windows/system32/\u202eRechnung\u0007 Müller 文件.pdf", pdf("named"));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data.asset_file_file_name).toBe("Rechnung Müller 文件.pdf");
  });

  it("another company's invoice cannot take a document, and users without the key cannot upload", async () => {
    const globex = await anInvoice("admin@globex.test");
    const foreign = await upload(globex, "a.pdf", pdf("x"));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.assetable_id).toEqual(["does not exist"]);
    expect((await upload(await anInvoice(), "a.pdf", pdf("x"), "readonly@acme.test")).statusCode).toBe(403);
  });
});

describe("zip", () => {
  it("zips three documents; one whose bytes are missing is named in errors.txt and the zip is still produced", async () => {
    const invoice = await anInvoice();
    const ids: number[] = [];
    for (const [name, content] of [["a.pdf", pdf("A")], ["notes.txt", Buffer.from("Zahlung für 12\n")], ["gone.pdf", pdf("C")]] as const) {
      const response = await upload(invoice, name, content);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().data.id);
    }
    const gone = await h.database.db.selectFrom("documents").select("storage_key").where("id", "=", ids[2]).executeTakeFirstOrThrow();
    await h.database.db.deleteFrom("stored_files").where("id", "=", Number(String(gone.storage_key).slice(3))).execute();
    const globexDocument = (await get("/api/documents?_end=1", "admin@globex.test")).json().data[0] as Json;

    const response = await h.app.inject({ method: "POST", url: "/api/documents/zip", headers: await h.login("admin@acme.test"), payload: { ids: [...ids, globexDocument.id] } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="documents.zip"/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(["a.pdf", "errors.txt", "notes.txt"]);
    expect(Buffer.from(files["a.pdf"]).equals(pdf("A"))).toBe(true);
    expect(strFromU8(files["notes.txt"])).toBe("Zahlung für 12\n");
    expect(strFromU8(files["errors.txt"])).toBe(`These files could not be added to the zip:\ngone.pdf: This document has no stored file.\ndocument ${String(globexDocument.id)}: not found\n`);

    const bad = await h.app.inject({ method: "POST", url: "/api/documents/zip", headers: await h.login("admin@acme.test"), payload: { ids: [] } });
    expect(bad.statusCode).toBe(422);
  });
});
