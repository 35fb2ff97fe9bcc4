/**
 * db/overlap.ts whileRunning: the process's work runs while the statement is out — after a turn of the
 * event loop (by then the statement has been sent), before its answer — and a refused statement is
 * thrown to the caller after the work, never left unhandled.
 */
import { describe, expect, it } from "vitest";
import { whileRunning } from "../../src/server/db/overlap.js";

describe("whileRunning", () => {
  it("runs the work after a turn of the event loop, before the statement's answer, and gives both results", async () => {
    const events: string[] = [];
    setImmediate(() => events.push("a turn of the event loop"));
    const statement = new Promise<string>((resolve) => setTimeout(() => (events.push("answer"), resolve("rows")), 20));
    const result = await whileRunning(statement, () => (events.push("work"), 42));
    expect(result).toEqual(["rows", 42]);
    expect(events).toEqual(["a turn of the event loop", "work", "answer"]);
  });

  it("throws the statement's failure after the work, even when it fails first", async () => {
    let worked = false;
    const failing = Promise.reject(new Error("refused"));
    await expect(whileRunning(failing, () => (worked = true))).rejects.toThrow("refused");
    expect(worked).toBe(true);
  });
});
