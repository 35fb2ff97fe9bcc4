/** Payment methods per payment type and bank country, originating accounts, and the spec's helpers. */
import { describe, expect, it } from "vitest";
import { paymentMethodErrors } from "../../src/server/domain/payments/payment-methods.js";
import { useApp } from "./harness.js";

const h = useApp();

const call = async (method: "GET" | "POST", url: string, payload?: object, email = "admin@acme.test") => {
  const response = await h.app.inject({ method, url, headers: await h.login(email), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
};

async function vendor(): Promise<number> {
  const company = await h.companyId("Acme Corp");
  return (await h.database.db.selectFrom("vendors").select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow()).id as number;
}

async function bankAccount(number: string, company = "Acme Corp"): Promise<number> {
  const id = await h.companyId(company);
  return (await h.database.db.selectFrom("accounts").select("id").where("company_id", "=", id).where("number", "=", number).executeTakeFirstOrThrow()).id as number;
}

describe("payment methods by type", () => {
  it("refuse what each type lacks, per field", async () => {
    const v = await vendor();
    const base = { owner_type: "Vendor", vendor_id: v, currency_code: "USD" };
    const cases: [object, Record<string, string[]>][] = [
      [{ payment_type: "ach", routing: "021000021" }, { account_number: ["can't be blank for ach"] }],
      [{ payment_type: "ach", routing: "021000022", account_number: "12345678" }, { routing: ["is not a valid ABA routing number"] }],
      [{ payment_type: "ach", routing: "021000021", account_number: "12345678", currency_code: "EUR" }, { payment_type: ["ach is not offered for a bank in US paying EUR"] }],
      [{ payment_type: "check", country: "US", address1: "1 Main St", city: "Springfield" }, { state: ["can't be blank for check"], zipcode: ["can't be blank for check"] }],
      [{ payment_type: "wire", iban: "DE89370400440532013000" }, { bic: ["can't be blank for wire"] }],
      [{ payment_type: "wire", account_number: "12345678", bic: "DEUTDEFF" }, { country: ["can't be blank for wire"] }],
      [{ payment_type: "wire", country: "GB", iban: "GB82WEST12345698765433", bic: "NWBKGB2L" }, { iban: ["has wrong check digits"] }],
      [{ payment_type: "international", country: "GB", iban: "GB82WEST12345698765432", bic: "NWBKXX2L" }, { bic: ["has no valid country code (letters 5 and 6)"] }],
      [{ payment_type: "international", country: "US", routing: "021000021", account_number: "12345678" }, { payment_type: ["international is not offered for a bank in US paying USD"] }],
      [{ payment_type: "sepa", currency_code: "EUR", iban: "DE89370400440532013000" }, { bic: ["can't be blank for sepa"] }],
      [{ payment_type: "sepa", currency_code: "EUR", iban: "BE59539007547099", bic: "GEBABEBB" }, { iban: ["has a wrong national check digit (bank, branch or account)"] }],
      [{ payment_type: "ach", routing: "021000021", account_number: "12345678", account_id: await bankAccount("1000") }, { account_id: ["is only for the company's originating accounts"] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call("POST", "/api/payment_methods", { ...base, ...payload });
      expect(response.status, JSON.stringify(payload)).toBe(422);
      expect(response.body.errors, JSON.stringify(payload)).toEqual(errors);
    }
  });

  it("accept each type when complete; IBAN and BIC stored normalised, the account number write-only", async () => {
    const v = await vendor();
    const base = { owner_type: "Vendor", vendor_id: v, currency_code: "USD" };
    const good = [
      { payment_type: "ach", routing: "021000021", account_number: "12345678", account_type: "savings" },
      { payment_type: "check", country: "US", address1: "1 Main St", city: "Springfield", state: "IL", zipcode: "62701" },
      { payment_type: "wire", country: "US", routing: "121000248", account_number: "987654321" },
      { payment_type: "wire", country: "DE", iban: "de89 3704 0044 0532 0130 00", bic: "deutdeffxxx", currency_code: "EUR" },
      { payment_type: "international", country: "GB", iban: "GB82 WEST 1234 5698 7654 32", bic: "NWBKGB2L", currency_code: "GBP" },
      { payment_type: "international", country: "CA", account_number: "000123456789", bic: "ROYCCAT2", currency_code: "CAD" },
      { payment_type: "sepa", currency_code: "EUR", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
    ];
    for (const payload of good) {
      const response = await call("POST", "/api/payment_methods", { ...base, ...payload });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.data.account_number).toBeUndefined();
    }
    const wire = (await call("GET", "/api/payment_methods?payment_type=wire&country=DE&_sort=id&_order=desc&_end=1")).body.data[0];
    expect(wire).toMatchObject({ iban: "DE89370400440532013000", bic: "DEUTDEFFXXX" });
  });

  it("originating accounts need their NACHA fields and an active Bank GL account", async () => {
    const company = { owner_type: "Company", payment_type: "ach", currency_code: "USD", routing: "021000021", account_number: "40012345" };
    const missing = await call("POST", "/api/payment_methods", company);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["account_id", "immediate_destination", "immediate_origin", "nacha_company_id", "nacha_company_name"]);
    const nacha = { nacha_company_id: "1234567890", nacha_company_name: "ACME CORP", immediate_origin: " 123456789", immediate_destination: " 021000021" };
    const expense = await call("POST", "/api/payment_methods", { ...company, ...nacha, account_id: await bankAccount("6000") });
    expect(expense.body.errors).toEqual({ account_id: ["must be an active Bank account of the chart of accounts"] });
    const foreign = await call("POST", "/api/payment_methods", { ...company, ...nacha, account_id: await bankAccount("1000", "Globex Ltd") });
    expect(foreign.status).toBe(422);
    const badDestination = await call("POST", "/api/payment_methods", { ...company, ...nacha, immediate_destination: " 021000022", account_id: await bankAccount("1000") });
    expect(badDestination.body.errors).toEqual({ immediate_destination: ["is not a valid ABA routing number"] });
    const created = await call("POST", "/api/payment_methods", { ...company, ...nacha, account_id: await bankAccount("1000") });
    expect(created.status).toBe(201);
    expect(created.body.data.account_id).toBe(await bankAccount("1000"));
  });

  it("the demo methods and originating accounts are all valid, every type is seeded, Acme has two originating accounts with bank GL accounts", async () => {
    for (const name of ["Acme Corp", "Globex Ltd"]) {
      const company = await h.companyId(name);
      const methods = await h.database.db.selectFrom("payment_methods").selectAll().where("company_id", "=", company).execute();
      for (const method of methods) expect(paymentMethodErrors(method), `${name} ${String(method.name)}`).toEqual({});
      expect(new Set(methods.filter((m) => m.owner_type === "Vendor").map((m) => m.payment_type))).toEqual(new Set(["ach", "check", "wire", "international", "sepa"]));
      // (the seeded ones: named; a test above adds an unnamed one)
      const from = methods.filter((m) => m.owner_type === "Company" && m.name !== null);
      expect(from).toHaveLength(2);
      const banks = await h.database.db.selectFrom("accounts").select(["id", "account_type_name"]).where("id", "in", from.map((m) => m.account_id as number)).execute();
      expect(banks.map((b) => b.account_type_name)).toEqual(["Bank", "Bank"]);
    }
  });
});

describe("GET /api/payment_methods/validate_iban", () => {
  it("answers 'Valid IBAN Structure' for a valid IBAN, the first problem otherwise", async () => {
    const valid = await call("GET", "/api/payment_methods/validate_iban?iban=DE89%203704%200044%200532%200130%2000");
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({ iban: "DE89370400440532013000", valid: true, country_code: "DE", bank_code: "37040044", bankName: null, swiftBIC: null });
    expect(valid.body.data.validationMessages).toEqual([{ message: "Valid IBAN Structure" }]);
    const wrong = await call("GET", "/api/payment_methods/validate_iban?iban=DE89370400440532013001");
    expect(wrong.body.data).toMatchObject({ valid: false, validationMessages: [{ message: "IBAN has wrong check digits" }] });
    const short = await call("GET", "/api/payment_methods/validate_iban?iban=DE8937040044053201300");
    expect(short.body.data.validationMessages).toEqual([{ message: "IBAN must be 22 characters for DE" }]);
    expect((await call("GET", "/api/payment_methods/validate_iban")).body.errors).toEqual({ iban: ["can't be blank"] });
  });

  it("is refused to users without payment-method keys and to the vendor portal", async () => {
    for (const email of ["staff@acme.test", "vendor@northwind.test", "approver@acme.test"]) {
      expect((await call("GET", "/api/payment_methods/validate_iban?iban=DE89370400440532013000", undefined, email)).status, email).toBe(403);
    }
    expect((await call("GET", "/api/payment_methods/validate_iban?iban=DE89370400440532013000", undefined, "ap@acme.test")).status).toBe(200);
  });
});

describe("GET /api/payment_methods/required_fields", () => {
  const types = (body: { data: { payment_types: { payment_type: string; fields: string[] }[] } }) =>
    Object.fromEntries(body.data.payment_types.map((t) => [t.payment_type, t.fields]));

  it("lists the types offered for a country and currency with their fields", async () => {
    const us = await call("GET", "/api/payment_methods/required_fields?country=US&currency=USD");
    expect(us.status).toBe(200);
    expect(types(us.body)).toEqual({
      ach: ["routing", "account_number", "account_type"], check: ["address1", "city", "state", "zipcode"], wire: ["routing", "account_number"],
    });
    expect(types((await call("GET", "/api/payment_methods/required_fields?country=de&currency=EUR")).body)).toEqual({
      check: ["address1", "city", "zipcode", "country"], wire: ["iban", "bic", "country"], international: ["iban", "bic", "country"], sepa: ["iban", "bic"],
    });
    expect(types((await call("GET", "/api/payment_methods/required_fields?country=GB&currency=GBP")).body)).not.toHaveProperty("sepa");
    expect(types((await call("GET", "/api/payment_methods/required_fields?country=CA&currency=CAD")).body).international).toEqual(["account_number", "bic", "country"]);
    const origin = await call("GET", "/api/payment_methods/required_fields?country=US&currency=USD&owner_type=Company");
    expect(types(origin.body).ach).toEqual(["routing", "account_number", "account_type", "nacha_company_id", "nacha_company_name", "immediate_origin", "immediate_destination", "account_id"]);
  });

  it("refuses a missing country or a malformed currency", async () => {
    const bad = await call("GET", "/api/payment_methods/required_fields?country=USA&currency=US");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["country", "currency"]);
  });
});
