/**
 * Reports that produce files (src/server/domain/admin/report-*.ts): a daily AP aging schedule comes due,
 * the job runs it as its creator — an xlsx kept as a document on the report, read back by an
 * independent reader (Python's openpyxl) with the AP aging list's rows and a total row per currency,
 * e-mailed to the schedule's recipients and uploaded to a local SFTP server; run now as CSV; the
 * refusals; and a schedule claimed once by two runs at once.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReportSchedules } from "../../src/server/domain/admin/report-schedule-run.js";
import { startTestJobs } from "../support/jobs.js";
import { startSftpServer, type SftpServer } from "../support/sftp-server.js";
import { useApp } from "./harness.js";

const h = useApp();
let acme = 0;
let sftp: SftpServer;

beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
  sftp = await startSftpServer();
});
afterAll(async () => { await sftp?.close(); });

const call = async (email: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: await h.login(email) });

async function createReport(values: Record<string, unknown>, email = "admin@acme.test"): Promise<number> {
  const response = await call(email, "POST", "/api/reports", values);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

const reportRow = (id: number) => h.database.db.selectFrom("reports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const documentsOf = (id: number) => h.database.db.selectFrom("documents").selectAll().where("assetable_type", "=", "Report").where("assetable_id", "=", id).orderBy("id").execute();
const mailsOf = (id: number) => h.database.db.selectFrom("mail_messages").selectAll().where("related_type", "=", "Report").where("related_id", "=", id).orderBy("id").execute();
async function fileOf(documentId: number, email = "admin@acme.test"): Promise<Buffer> {
  const response = await call(email, "GET", `/api/documents/${documentId}/file`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The AP aging list as the API lists it: [vendor, number, balance, currency] in the list's order. */
async function agingList(): Promise<{ number: string; balance: number; currency: string }[]> {
  const response = await call("admin@acme.test", "GET", "/api/ap_aging?_start=0&_end=1000");
  return (response.json() as { data: { number: string; balance_outstanding: string; currency_code: string }[] }).data
    .map((r) => ({ number: r.number, balance: Number(r.balance_outstanding), currency: r.currency_code }));
}

describe("a daily AP aging schedule", () => {
  it("produces an xlsx with the list's rows and a total row per currency, e-mailed and uploaded by SFTP", async () => {
    const id = await createReport({
      name: "Daily AP aging", template: "ap_aging", export_format: "xlsx", destination: "sftp",
      sftp_host: "127.0.0.1", sftp_port: sftp.port, sftp_username: sftp.username, sftp_password: sftp.password, sftp_path: "/",
    });
    expect((await reportRow(id)).status, "AP aging is a PENDING template").toBe("PENDING");
    const shown = (await call("admin@acme.test", "GET", `/api/reports/${id}`)).json() as { data: Record<string, unknown> };
    expect(shown.data.sftp_password, "the password is never read back").toBeUndefined();
    expect((await call("admin@acme.test", "POST", `/api/reports/${id}/activate`)).statusCode).toBe(200);
    const created = await call("admin@acme.test", "POST", "/api/report_schedules", { report_id: id, frequency: "daily", recipients: ["controller@acme.test"] });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = (created.json() as { data: { id: number } }).data.id;
    const now = new Date();
    await h.database.db.updateTable("report_schedules").set({ next_run_at: new Date(now.getTime() - 60_000) }).where("id", "=", scheduleId).execute();

    expect(await runReportSchedules(h.database.db, now)).toContain(scheduleId);

    const schedule = await h.database.db.selectFrom("report_schedules").select("next_run_at").where("id", "=", scheduleId).executeTakeFirstOrThrow();
    expect(new Date(String(schedule.next_run_at)).getTime()).toBeGreaterThan(now.getTime());
    const report = await reportRow(id);
    expect(report).toMatchObject({ last_run_status: "SUCCEEDED", last_run_error: null });
    const [document] = await documentsOf(id);
    expect(document.id).toBe(report.last_document_id);
    expect(document.asset_file_file_name).toMatch(/^Daily AP aging \d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await fileOf(document.id);

    const file = path.join(os.tmpdir(), `aging-${id}.xlsx`);
    fs.writeFileSync(file, bytes);
    const read = execFileSync("/usr/bin/python3", ["-c", `
import json, sys, openpyxl
sheet = openpyxl.load_workbook(sys.argv[1], read_only=True).worksheets[0]
rows = [list(r) for r in sheet.iter_rows(values_only=True)]
print(json.dumps({"head": rows[0], "rows": [[r[1], r[3]] for r in rows[1:] if not str(r[0] or "").startswith("Total ")],
  "totals": [[r[0], r[3], r[4], r[5], r[6], r[7]] for r in rows[1:] if str(r[0] or "").startswith("Total ")]}))
`, file], { encoding: "utf8" });
    fs.rmSync(file);
    const workbook = JSON.parse(read) as { head: string[]; rows: [string, number][]; totals: [string, number, ...number[]][] };
    const list = await agingList();
    expect(list.length).toBeGreaterThan(0);
    expect(workbook.head.slice(0, 4)).toEqual(["Vendor", "Number", "Due Date", expect.any(String)]);
    expect(workbook.rows).toEqual(list.map((r) => [r.number, r.balance]));
    const currencies = [...new Set(list.map((r) => r.currency))].sort();
    expect(workbook.totals.map((t) => t[0])).toEqual(currencies.map((c) => `Total ${c}`));
    for (const [label, balance] of workbook.totals) {
      const sum = list.filter((r) => `Total ${r.currency}` === label).reduce((s, r) => s + Math.round(r.balance * 100), 0) / 100;
      expect(balance).toBeCloseTo(sum, 2);
    }

    const [mail] = await mailsOf(id);
    // the outbox keeps what it attached (its bytes are dropped once delivered: src/server/mail/deliver.ts)
    expect(mail.attachments).toEqual([{ filename: document.asset_file_file_name, content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", size: bytes.length }]);

    const uploaded = fs.readFileSync(path.join(sftp.root, String(document.asset_file_file_name)));
    expect(uploaded.equals(bytes), "the SFTP server received the same bytes").toBe(true);
  });

  it("is claimed once by two runs at once", async () => {
    const id = await createReport({ name: "Twice", template: "ap_aging", export_format: "csv", destination: "download" });
    await call("admin@acme.test", "POST", `/api/reports/${id}/activate`);
    const created = await call("admin@acme.test", "POST", "/api/report_schedules", { report_id: id, frequency: "daily", recipients: ["twice@acme.test"] });
    const scheduleId = (created.json() as { data: { id: number } }).data.id;
    const now = new Date();
    await h.database.db.updateTable("report_schedules").set({ next_run_at: new Date(now.getTime() - 1000) }).where("id", "=", scheduleId).execute();
    const [a, b] = await Promise.all([runReportSchedules(h.database.db, now), runReportSchedules(h.database.db, now)]);
    expect([...a, ...b].filter((s) => s === scheduleId)).toHaveLength(1);
    expect(await documentsOf(id)).toHaveLength(1);
    expect(await mailsOf(id)).toHaveLength(1);
  });
});

describe("the job runner", () => {
  it("runs a due schedule as soon as it starts (the report-schedules job is queued at start)", async () => {
    const id = await createReport({ name: "By the job", template: "payment_refund_listing", export_format: "csv" });
    const created = await call("admin@acme.test", "POST", "/api/report_schedules", { report_id: id, frequency: "weekly", recipients: ["weekly@acme.test"] });
    const scheduleId = (created.json() as { data: { id: number } }).data.id;
    await h.database.db.updateTable("report_schedules").set({ next_run_at: new Date(Date.now() - 1000) }).where("id", "=", scheduleId).execute();
    const jobs = await startTestJobs(h.database);
    try {
      await expect.poll(async () => (await reportRow(id)).last_run_status, { timeout: 20_000, interval: 200 }).toBe("SUCCEEDED");
    } finally {
      await jobs.stop();
    }
    expect(await documentsOf(id)).toHaveLength(1);
    expect((await mailsOf(id)).map((m) => m.to)).toEqual(["weekly@acme.test"]);
  });
});

describe("run now", () => {
  it("writes a CSV the runner downloads from the report, with a total row per currency", async () => {
    const id = await createReport({ name: "Aging now", template: "ap_aging", export_format: "csv", destination: "download" });
    await call("admin@acme.test", "POST", `/api/reports/${id}/activate`);
    const response = await call("admin@acme.test", "POST", `/api/reports/${id}/run`, {});
    expect(response.statusCode, response.body).toBe(200);
    const [document] = await documentsOf(id);
    expect(document.content_type).toContain("text/csv");
    const shown = (await call("admin@acme.test", "GET", `/api/reports/${id}`)).json() as { data: { documents: { id: number }[]; last_run_status: string } };
    expect(shown.data.documents.map((d) => d.id)).toEqual([document.id]);
    expect(shown.data.last_run_status).toBe("SUCCEEDED");
    const rows = Papa.parse<string[]>((await fileOf(document.id)).toString("utf8").replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const list = await agingList();
    expect(rows.length).toBe(1 + list.length + new Set(list.map((r) => r.currency)).size);
    expect(await mailsOf(id), "a download is not mailed").toHaveLength(0);
  });

  it("a NEW template runs as soon as it is defined", async () => {
    const id = await createReport({ name: "Refunds", template: "payment_refund_listing", export_format: "xlsx", date_range: "previous_year" });
    expect((await reportRow(id)).status).toBe("NEW");
    expect((await call("admin@acme.test", "POST", `/api/reports/${id}/run`, {})).statusCode).toBe(200);
    expect(await documentsOf(id)).toHaveLength(1);
  });
});

describe("refusals", () => {
  it("403 without the key, 404 for another company's report, nothing written", async () => {
    const id = await createReport({ name: "Refused", template: "visa_transactions_listing" });
    expect((await call("ap@acme.test", "POST", `/api/reports/${id}/run`, {})).statusCode).toBe(403);
    expect((await call("admin@globex.test", "POST", `/api/reports/${id}/run`, {})).statusCode).toBe(404);
    expect(await documentsOf(id)).toHaveLength(0);
  });

  it("403 with a plain message when the runner may not list what the template lists", async () => {
    const id = await createReport({ name: "Cards off", template: "visa_transactions_listing" });
    await h.database.db.updateTable("companies").set({ module_settings: JSON.stringify({ virtual_cards_active: false }) }).where("id", "=", acme).execute();
    try {
      const response = await call("admin@acme.test", "POST", `/api/reports/${id}/run`, {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errors: { base: ["You may not see the card transactions this report lists."] } });
    } finally {
      await h.database.db.updateTable("companies").set({ module_settings: null }).where("id", "=", acme).execute();
    }
    expect(await documentsOf(id)).toHaveLength(0);
  });

  it("422 for a filter the template's list does not have, nothing written", async () => {
    const response = await call("admin@acme.test", "POST", "/api/reports", { name: "Bad filter", template: "payment_refund_listing", filters: { no_such_field: ["x"] } });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ errors: { filters: ["cannot filter on no_such_field"] } });
    expect(await h.database.db.selectFrom("reports").select("id").where("name", "=", "Bad filter").execute()).toHaveLength(0);
  });

  it("a failed SFTP upload is recorded on the report in plain words, the file kept", async () => {
    const id = await createReport({
      name: "Bad SFTP", template: "payment_refund_listing", destination: "sftp",
      sftp_host: "127.0.0.1", sftp_port: sftp.port, sftp_username: sftp.username, sftp_password: "wrong",
    });
    const response = await call("admin@acme.test", "POST", `/api/reports/${id}/run`, {});
    expect(response.statusCode, response.body).toBe(200);
    const report = await reportRow(id);
    expect(report.last_run_status).toBe("FAILED");
    expect(report.last_run_error).toMatch(/^The upload to 127\.0\.0\.1 failed: /);
    expect(await documentsOf(id)).toHaveLength(1);
  });
});

describe("summary templates: one line per vendor and currency", () => {
  /** A report run now as CSV: its lines without the header, and its total rows. */
  async function runCsv(values: Record<string, unknown>): Promise<{ lines: string[][]; totals: string[][] }> {
    const id = await createReport({ export_format: "csv", destination: "download", ...values });
    expect((await call("admin@acme.test", "POST", `/api/reports/${id}/activate`)).statusCode).toBe(200);
    expect((await call("admin@acme.test", "POST", `/api/reports/${id}/run`, {})).statusCode).toBe(200);
    const [document] = await documentsOf(id);
    const [, ...rows] = Papa.parse<string[]>((await fileOf(document.id)).toString("utf8").replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    return { lines: rows.filter((r) => !r[0].startsWith("Total ")), totals: rows.filter((r) => r[0].startsWith("Total ")) };
  }

  /** status=A&status=B: any of them (the list grammar) */
  const statuses = (...codes: string[]) => codes.map((code) => `status=${encodeURIComponent(code)}`).join("&");

  /** The list's rows summed by vendor name and currency, as the report should: "name|currency" → [count, cents]. */
  async function summed(url: string, field: string): Promise<Map<string, [number, number]>> {
    const response = await call("admin@acme.test", "GET", `${url}&_start=0&_end=1000`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: Record<string, unknown>[] };
    const sums = new Map<string, [number, number]>();
    for (const row of data) {
      const key = `${(row.vendor as { name: string }).name}|${String(row.currency_code)}`;
      const [count, cents] = sums.get(key) ?? [0, 0];
      sums.set(key, [count + 1, cents + Math.round(Number(row[field]) * 100)]);
    }
    return sums;
  }

  it("spend by vendor sums the invoices entered in the range, per vendor and currency, drafts and rejected ones left out", async () => {
    const { lines, totals } = await runCsv({ name: "Spend", template: "spend_by_vendor", date_range: "past_365" });
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const expected = await summed(`/api/invoices?${statuses("NEW", "PENDING", "APPROVED", "OPEN", "PAID", "CLOSED")}&date_gte=${from}`, "amount");
    expect(expected.size).toBeGreaterThan(1);
    // columns: Vendor, Currency, Invoices, Amount, Paid, Balance
    expect(new Map(lines.map((l) => [`${l[0]}|${l[1]}`, [Number(l[2]), Math.round(Number(l[3]) * 100)]]))).toEqual(expected);
    const currencies = new Set([...expected.keys()].map((k) => k.split("|")[1]));
    expect(totals.map((t) => t[0]).sort()).toEqual([...currencies].sort().map((c) => `Total ${c}`));
    const drafts = (await call("admin@acme.test", "GET", `/api/invoices?${statuses("DRAFT", "REJECTED")}&date_gte=${from}&_end=1`)).headers["x-total-count"];
    expect(Number(drafts), "the demo has drafts or rejected invoices the summary leaves out").toBeGreaterThan(0);
  });

  it("the 1099 summary lists only eligible vendors' payments that left, with their tax id and W-9", async () => {
    const paid = await h.database.db.selectFrom("payments").innerJoin("vendors", "vendors.id", "payments.vendor_id")
      .select(["vendors.id", "vendors.name"]).where("payments.company_id", "=", acme).where("payments.status", "in", ["PROCESSING", "CLEARED"])
      .groupBy(["vendors.id", "vendors.name"]).orderBy("vendors.id").execute();
    expect(paid.length).toBeGreaterThan(1);
    const [eligible, ...others] = paid;
    await h.database.db.updateTable("vendors").set({ is_1099_eligible: false }).where("company_id", "=", acme).execute();
    await h.database.db.updateTable("vendors").set({ is_1099_eligible: true, tax_id: "12-3456789", has_w9: true }).where("id", "=", eligible.id).execute();

    const { lines } = await runCsv({ name: "1099", template: "vendor_1099_summary", date_range: "past_365" });
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const expected = await summed(`/api/payments?vendor_id=${eligible.id}&${statuses("PROCESSING", "CLEARED", "PROCESSING (REISSUED)", "CLEARED (REISSUED)")}&payment_date_gte=${from}`, "amount");
    // columns: Vendor, Tax ID, W-9 on File, Currency, Payments, Amount
    expect(lines.map((l) => l[0])).toEqual([...expected.keys()].map((k) => k.split("|")[0]));
    expect(lines.every((l) => l[1] === "12-3456789" && l[2] === "Yes")).toBe(true);
    expect(new Map(lines.map((l) => [`${l[0]}|${l[3]}`, [Number(l[4]), Math.round(Number(l[5]) * 100)]]))).toEqual(expected);
    expect(lines.some((l) => others.some((o) => o.name === l[0]))).toBe(false);
  });
});
