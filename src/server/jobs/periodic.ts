/**
 * Work this process repeats: run at once, then every `seconds`, one run at a time (a run that
 * outlasts the period delays the next instead of overlapping it); a failed run is logged and retried
 * at the next period. Every job run this way must be safe with several processes running it at once
 * (claims with FOR UPDATE SKIP LOCKED), because every server process starts it.
 */
export function every(name: string, seconds: number, run: () => Promise<unknown>): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(run).catch((error: unknown) => console.error(`${name} failed; retried in ${seconds} s`, error));
  };
  tick();
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
