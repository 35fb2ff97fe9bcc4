/** src/server/jobs/periodic.ts: runs at once and every period, never overlapping itself, and survives a failed run. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { every } from "../../src/server/jobs/periodic.js";

describe("every", () => {
  beforeEach(() => { vi.useFakeTimers(); vi.spyOn(console, "error").mockImplementation(() => {}); });
  afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

  it("runs at once, then each period; a failed run is logged and the next one still runs; stop ends it", async () => {
    const outcomes = [() => Promise.reject(new Error("smtp down")), () => Promise.resolve("sent")];
    const run = vi.fn(() => outcomes.shift()!());
    const stop = every("mail delivery", 30, run);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith("mail delivery failed; retried in 30 s", expect.any(Error));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("a run that outlasts the period delays the next instead of overlapping it", async () => {
    let active = 0;
    let most = 0;
    const run = vi.fn(async () => {
      most = Math.max(most, ++active);
      await new Promise((resolve) => setTimeout(resolve, 25_000));
      active--;
    });
    const stop = every("slow", 10, run);
    await vi.advanceTimersByTimeAsync(60_000);
    stop();
    expect(most).toBe(1);
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
