/**
 * autocannon in a child process, so that the load generator does not share the server's event loop
 * (a worker thread cannot load TypeScript under tsx on Node 20). Latencies are recorded per response:
 * autocannon's histogram has no p95.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const childFlag = "--load-generator";

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** seconds */
  duration: number;
}

export interface LoadResult {
  requests: number;
  /** mean of the per-second request counts */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  /** connection errors, timeouts included */
  errors: number;
  statusCodes: Record<string, number>;
  /** error message → count */
  errorKinds: Record<string, number>;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [childFlag, JSON.stringify(options)]);
    child.once("message", (result) => resolve(result as LoadResult));
    child.once("error", reject);
    // "close" comes after the child's messages: a no-op once resolved
    child.once("close", (code) => reject(new Error(`the load generator exited (${code}) without a result`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

async function generate({ url, headers, connections, duration }: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    instance.on("reqError", (error: Error) => (errorKinds[error.message] = (errorKinds[error.message] ?? 0) + 1));
  });
  latencies.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
  return {
    requests: latencies.length,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    errorKinds,
  };
}

if (process.argv[2] === childFlag) {
  const result = await generate(JSON.parse(process.argv[3]) as LoadOptions);
  process.send!(result, () => process.disconnect());
}
