import { describe, expect, it, vi } from "vitest";

const tooMany = { error: "too_many_attempts", errors: { base: ["Too many attempts. Try again in 15 seconds."] } };

vi.mock("../../src/client/http.js", () => ({
  requestTokens: vi.fn(() => Promise.reject(Object.assign(new Error("429"), { response: { status: 429, data: tooMany } }))),
  revokeToken: vi.fn(),
  http: {},
}));

const store = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => store.set(key, value),
  removeItem: (key: string) => store.delete(key),
});
const tabStore = new Map<string, string>();
vi.stubGlobal("sessionStorage", {
  getItem: (key: string) => tabStore.get(key) ?? null,
  setItem: (key: string, value: string) => tabStore.set(key, value),
  removeItem: (key: string) => tabStore.delete(key),
});

describe("the login form", () => {
  it("shows a throttled sign-in's message as the server words it", async () => {
    const { authProvider } = await import("../../src/client/providers/auth.js");
    const result = await authProvider.login({ email: "admin@acme.test", password: "Wrong!2026pass" });
    expect(result).toMatchObject({ success: false, error: { message: "Too many attempts. Try again in 15 seconds." } });
  });
});
