/**
 * Sign-in that resists guessing: throttling shared by every process (through the database),
 * a stranger cannot keep the owner out, unknown e-mails answer like wrong passwords, and a second
 * process honours revocation, deactivation and role changes within one second.
 * Every test guesses from its own addresses (`remoteAddress`), against its own account.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { throttleRules } from "../../src/server/domain/identity/sign-in-throttle.js";
import { demoLogins, demoPassword } from "../../src/server/seed/demo.js";
import { useApp } from "./harness.js";

const h = useApp();

/** A second API process on the same database: a fresh copy of the server modules, so no cache is shared. */
let other: FastifyInstance;
beforeAll(async () => {
  vi.resetModules();
  const { buildApp } = await import("../../src/server/app.js");
  other = await buildApp({ db: h.database.app });
});
afterAll(async () => {
  await other?.close();
});

const signIn = (username: string, password: string, remoteAddress: string, app = h.app, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "password", username, password }, remoteAddress, headers });

const failedAttempts = async (email: string) =>
  (await h.database.db.selectFrom("users").select("failed_attempts").where("email", "=", email).executeTakeFirstOrThrow()).failed_attempts;

const tooMany = /^Too many attempts\. Try again in \d+ seconds?\.$/;
const { pair, address, account } = throttleRules;

describe("throttling", () => {
  it("evaluates at most the free attempts of 60 parallel guesses, over two processes, and then refuses the right password too", async () => {
    const email = "po@acme.test";
    const guesses = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      signIn(email, `Wrong!${i}pass`, "10.2.0.1", i % 2 ? h.app : other)));
    const evaluated = guesses.filter((r) => r.statusCode === 400);
    const throttled = guesses.filter((r) => r.statusCode === 429);
    expect(evaluated).toHaveLength(pair.free);
    expect(throttled).toHaveLength(60 - pair.free);
    expect(await failedAttempts(email)).toBe(pair.free);

    const [first] = throttled;
    expect(first.json()).toMatchObject({ error: "too_many_attempts", errors: { base: [expect.stringMatching(tooMany)] } });
    const retryAfter = Number(first.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(pair.firstDelaySeconds);
    expect(first.json().errors.base[0]).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);

    const right = await signIn(email, demoPassword, "10.2.0.1");
    expect(right.statusCode).toBe(429);
    expect(await failedAttempts(email)).toBe(pair.free);
  });

  it("refuses the guessing client after 20 wrong passwords for the admin, ignoring X-Forwarded-For, while the admin signs in from another client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // a client cannot pick the address it is counted under: the proxy header is not trusted by default
      statuses.push((await signIn("admin@acme.test", `Wrong!${i}pass`, "10.2.1.1", h.app, { "x-forwarded-for": `10.3.${i}.1` })).statusCode);
    }
    expect(statuses).toEqual([...Array(pair.free).fill(400), ...Array(20 - pair.free).fill(429)]);
    expect((await signIn("admin@acme.test", demoPassword, "10.2.1.2")).statusCode).toBe(200);
    expect((await signIn("admin@acme.test", demoPassword, "10.2.1.1")).statusCode).toBe(429);
  });

  it("answers an unknown e-mail exactly like a wrong password, throttling included", async () => {
    const answers = async (email: string, remoteAddress: string) => {
      const out: unknown[] = [];
      for (let i = 0; i <= pair.free; i++) {
        const response = await signIn(email, "Wrong!2026pass", remoteAddress);
        const body = response.json();
        // the seconds to wait may differ by one between the two runs
        if (response.statusCode === 429) body.errors.base = body.error_description = "(wait)";
        out.push([response.statusCode, body]);
      }
      return out;
    };
    const known = await answers("approver@acme.test", "10.2.2.1");
    const unknown = await answers("nobody-here@acme.test", "10.2.2.2");
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([429, expect.anything()]);
  });

  it("slows down guesses spread over many addresses, but never the owner at an address they signed in from", async () => {
    const email = "admin@globex.test";
    expect((await signIn(email, demoPassword, "10.2.3.1")).statusCode).toBe(200);
    for (let i = 0; i < account.free; i++) expect((await signIn(email, "Wrong!2026pass", `10.2.4.${i}`)).statusCode).toBe(400);
    const stranger = await signIn(email, "Wrong!2026pass", "10.2.5.1");
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeLessThanOrEqual(account.maxDelaySeconds);
    expect((await signIn(email, demoPassword, "10.2.3.1")).statusCode).toBe(200);
  });

  it("limits the guesses of one address over many accounts", async () => {
    const guesses = await Promise.all(Array.from({ length: address.free + 10 }, (_, i) =>
      signIn(`guess${i}@nowhere.test`, "Wrong!2026pass", "10.2.6.1")));
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(address.free);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(10);
    // the address, not the accounts: a right password from there waits too, from elsewhere it does not
    expect((await signIn("vendor@northwind.test", demoPassword, "10.2.6.1")).statusCode).toBe(429);
    expect((await signIn("vendor@northwind.test", demoPassword, "10.2.6.2")).statusCode).toBe(200);
  });

  it("never throttles successful sign-ins, and a typo or four before the right password costs nothing", async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < pair.free - 1; i++) expect((await signIn("staff@acme.test", "Wrong!2026pass", "10.2.7.1")).statusCode).toBe(400);
      expect((await signIn("staff@acme.test", demoPassword, "10.2.7.1")).statusCode).toBe(200);
    }
    // an office behind one address, everybody at once, twice (but the account a test above throttled account-wide)
    const logins = demoLogins.filter((l) => l.email !== "admin@globex.test");
    const office = await Promise.all([...logins, ...logins].map((login, i) => signIn(login.email, demoPassword, "10.2.7.2", i % 2 ? h.app : other)));
    expect(office.map((r) => r.statusCode)).toEqual(Array(logins.length * 2).fill(200));
  });

  it("is lifted by an administrator's unlock", async () => {
    const email = "ap@acme.test";
    for (let i = 0; i <= pair.free; i++) await signIn(email, "Wrong!2026pass", "10.2.8.1");
    expect((await signIn(email, demoPassword, "10.2.8.1")).statusCode).toBe(429);
    const admin = await h.login("admin@acme.test");
    const [user] = (await h.app.inject({ url: `/api/users?email=${email}`, headers: admin })).json().data;
    expect((await h.app.inject({ method: "POST", url: `/api/users/${user.id}/unlock`, headers: admin })).statusCode).toBe(200);
    expect((await signIn(email, demoPassword, "10.2.8.1")).statusCode).toBe(200);
  });
});

describe("another process", () => {
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  /** the bound docs/api.md states */
  const boundMs = 1_000;

  /**
   * Poll the other process from `since` (when the change had committed): every request it serves
   * must have started less than the bound after the change; the loop ends at the first refusal.
   */
  async function refusedWithinBound(since: number, request: () => Promise<number>, refused: number): Promise<void> {
    for (;;) {
      const started = Date.now();
      const status = await request();
      if (status === refused) return;
      expect(started - since, `served ${started - since} ms after the change`).toBeLessThan(boundMs);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("refuses a token revoked on this one within the bound", async () => {
    const { access_token } = (await signIn("readonly@acme.test", demoPassword, "127.0.0.1")).json();
    const me = () => other.inject({ url: "/api/users/current", headers: bearer(access_token) }).then((r) => r.statusCode);
    expect(await me()).toBe(200);
    expect((await h.app.inject({ method: "POST", url: "/oauth/revoke", payload: { token: access_token } })).statusCode).toBe(200);
    await refusedWithinBound(Date.now(), me, 401);
  });

  it("refuses a user deactivated by any process within the bound", async () => {
    const { access_token } = (await signIn("receiving@acme.test", demoPassword, "127.0.0.1")).json();
    const me = () => other.inject({ url: "/api/users/current", headers: bearer(access_token) }).then((r) => r.statusCode);
    expect(await me()).toBe(200);
    const user = await h.database.db.selectFrom("users").select("id").where("email", "=", "receiving@acme.test").executeTakeFirstOrThrow();
    await h.database.db.updateTable("contacts").set({ status: "INACTIVE" }).where("user_id", "=", user.id).execute();
    await refusedWithinBound(Date.now(), me, 403);
  });

  it("applies a demotion made on this one within the bound", async () => {
    const admin = await h.login("admin@acme.test");
    const [user] = (await h.app.inject({ url: "/api/users?email=staff@acme.test", headers: admin })).json().data;
    expect((await h.app.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: admin, payload: { role: "admin_readonly" } })).statusCode).toBe(200);
    const { access_token } = (await signIn("staff@acme.test", demoPassword, "127.0.0.1")).json();
    const vendors = () => other.inject({ url: "/api/vendors?_end=1", headers: bearer(access_token) }).then((r) => r.statusCode);
    expect(await vendors()).toBe(200);
    expect((await h.app.inject({ method: "PATCH", url: `/api/users/${user.id}`, headers: admin, payload: { role: "staff" } })).statusCode).toBe(200);
    await refusedWithinBound(Date.now(), vendors, 403);
  });
});
