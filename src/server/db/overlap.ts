/**
 * A statement and the process's own work at once: in a transaction the database otherwise waits while
 * the process builds the next statement, and the process waits while the database runs this one. For
 * set-based writes of thousands of rows (an import's batch) that is tens of milliseconds each.
 */

/**
 * `work()` run while `statement` (already started) runs: the statement is sent first (all it needs is
 * one turn of the event loop), then `work` runs; both results. A failure of the statement is thrown
 * here, after `work`.
 */
export async function whileRunning<S, W>(statement: Promise<S>, work: () => W): Promise<[S, W]> {
  statement.catch(() => undefined); // awaited below
  await new Promise((resolve) => setImmediate(resolve));
  const done = work();
  return [await statement, done];
}
