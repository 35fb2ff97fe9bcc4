/** src/server/resources/per-reader.ts: a statement built for one reader is never reused for another, nor on another day. */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ResourceDef } from "../../src/framework/resource.js";
import type { Ctx } from "../../src/server/resources/context.js";
import { perReader } from "../../src/server/resources/per-reader.js";

const resource = { name: "widgets" } as ResourceDef;
const other = { name: "gadgets" } as ResourceDef;
const principal = { perm_resources: ["listWidgets"], module_settings: {} };
const ctx = (overrides: Partial<Ctx> = {}): Ctx => ({
  user: { id: 1, email: "a@b.test", name: "A" }, contact: { id: 10, role: "admin", language: "en", vendor_id: null },
  company: { id: 100 }, principal, ...overrides,
} as Ctx);

afterEach(() => vi.useRealTimers());

describe("perReader", () => {
  it("builds once for the same reader and resource, again for another resource, principal, user, contact, company or day", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z") });
    let built = 0;
    const statement = perReader((r, c) => `${r.name} for ${c.contact.id} #${++built}`);
    const reader = ctx();
    expect(statement(resource, reader)).toBe("widgets for 10 #1");
    expect(statement(resource, { ...reader })).toBe("widgets for 10 #1");
    expect(statement(other, reader)).toBe("gadgets for 10 #2");
    expect(statement(resource, ctx({ principal: { ...principal } }))).toBe("widgets for 10 #3");
    expect(statement(resource, ctx({ contact: { ...reader.contact, id: 11 } }))).toBe("widgets for 11 #4");
    expect(statement(resource, ctx({ user: { ...reader.user, id: 2 } }))).toBe("widgets for 10 #5");
    expect(statement(resource, ctx({ company: { ...reader.company, id: 101 } }))).toBe("widgets for 10 #6");
    vi.setSystemTime(new Date("2026-11-24T00:00:01Z"));
    expect(statement(resource, ctx())).toBe("widgets for 10 #7");
    expect(statement(resource, ctx())).toBe("widgets for 10 #7");
  });
});
