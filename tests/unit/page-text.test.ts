/** The plain-words checker of the browser journeys (tests/e2e/page-text.ts) catches what issue 17 found, and passes plain words. */
import { describe, expect, it } from "vitest";
import { textProblems } from "../e2e/page-text.js";

const kinds = (text: string) => textProblems(text).map((p) => `${p.kind}: ${p.text}`);

describe("the page-text checker", () => {
  it("finds raw ids, codes and keys", () => {
    expect(kinds("Created By: 7")).toEqual(["raw id: Created By: 7"]);
    expect(kinds("Submitted by 7")).toEqual(["raw id: Submitted by 7"]);
    expect(kinds("Storage Key db:44")).toEqual(["raw id: db:44"]);
    expect(kinds("Attached To (ID) 52")).toEqual(["raw id: (ID)"]);
    expect(kinds("status: PENDING → PENDING; submitted_by_id: — → 7")).toEqual(expect.arrayContaining(["raw id: submitted_by_id", "raw code: PENDING"]));
    expect(kinds("Due Status PAST DUE")).toEqual(["raw code: PAST DUE"]);
    expect(kinds("Role ap_role")).toEqual(["raw code: ap_role"]);
    expect(kinds("invoices.fields.amount")).toEqual(["untranslated key: invoices.fields.amount"]);
  });

  it("passes a label the spec writes in capitals, a code inside a record's name, and a type before a date", () => {
    expect(kinds("SYNC FAILED No")).toEqual([]);
    expect(kinds("Status VOID - EXCLUDED")).toEqual([]);
    expect(kinds("Status VOID")).toEqual(["raw code: VOID"]);
    expect(textProblems("Subsidiary Acme HQ", ["Acme HQ"])).toEqual([]);
    expect(textProblems("Status PENDING", ["PENDING"]).map((p) => p.text)).toEqual(["PENDING"]);
    expect(kinds("Record Type User\n11/27/2026 12:45 PM")).toEqual([]);
    expect(kinds("Record Type HQ")).toEqual(["raw code: HQ"]);
  });

  it("passes names, labels and ordinary text", () => {
    expect(kinds("Created By: Ana Ruiz. Status Pending, Past Due. Role AP Clerk. Pay by ACH in USD. ap@acme.test sent INV-100499.pdf on 11/27/2026, total $5,909.53")).toEqual([]);
  });

  it("reads a table by its cells: a label ending one cell or row does not name the number starting the next", () => {
    expect(kinds("Active\tVendor\t\n\n\t16\tAna")).toEqual([]);
    expect(kinds("Vendor\t1. Any amount")).toEqual([]);
    expect(kinds("Vendor 16")).toEqual(["raw id: Vendor 16"]);
  });

  it("passes host names and a code its own label uses as a word", () => {
    expect(kinds("https://login.acme.test/oauth2 and punchout.example.com")).toEqual([]);
    expect(kinds("vendors.csv")).toEqual([]);
    expect(kinds("vendors.titles")).toEqual(["untranslated key: vendors.titles"]);
    expect(kinds("Sign-On URL (SAML)")).toEqual([]);
    expect(kinds("Issuer (OIDC URL)")).toEqual(["raw code: OIDC"]);
  });
});
