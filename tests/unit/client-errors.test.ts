import { describe, expect, it } from "vitest";
import { errorNotice, warningNotice } from "../../src/client/notify.js";

const oops = "Oops... Looks like something went wrong! If the problem persists feel free to contact us. In the meantime, try refreshing.";

describe("error catalogue (product spec 8)", () => {
  it("shows base messages of 400, 403, 404 and 422 as a data issue", () => {
    expect(errorNotice(403, { errors: { base: ["Not yours", "Really"] } })).toEqual({ title: "Data Issue: 403", message: "Not yours, Really" });
    expect(errorNotice(422, { errors: { base: ["Totals differ"], amount: ["is invalid"] } })).toEqual({ title: "Data Issue: 422", message: "Totals differ" });
  });

  it("leaves field errors to the form and 401 to the login redirect", () => {
    expect(errorNotice(422, { errors: { amount: ["is invalid"] } })).toBeNull();
    expect(errorNotice(401, { errors: { base: ["Please login"] } })).toBeNull();
  });

  it("reports network failures and anything else", () => {
    expect(errorNotice(0, undefined)).toEqual({ title: "Error Details", message: "Unable to connect" });
    expect(errorNotice(500, { errors: { base: ["boom"] } })).toEqual({ title: oops });
    expect(errorNotice(409, {})).toEqual({ title: oops });
  });
});

describe("warnings of a successful write", () => {
  it("shows the answer's warnings as one notice, and nothing without them", () => {
    expect(warningNotice({ data: {}, warnings: ["Budget A would be overspent", "Check B"] })).toEqual({ title: "Warning", message: "Budget A would be overspent, Check B" });
    expect(warningNotice({ data: {} })).toBeNull();
    expect(warningNotice({ data: {}, warnings: [] })).toBeNull();
    expect(warningNotice("text")).toBeNull();
  });
});
