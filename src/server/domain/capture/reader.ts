/**
 * Reading documents in a separate process with limits (docs/capture.md "Limits"): one document at a
 * time per reader, a time limit per page and per document, and a memory ceiling watched on the
 * process's resident memory (Linux /proc); past either the process is killed, the document's reason
 * recorded, and the next document gets a fresh process. The JavaScript heap is capped as well.
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ReadDocument } from "./words.js";

export interface ReaderLimits {
  /** seconds for one document */
  timeoutSeconds: number;
  /** resident memory of the reader process, MB */
  maxMemoryMb: number;
}

export const defaultReaderLimits: ReaderLimits = {
  timeoutSeconds: Number(process.env.CAPTURE_READ_TIMEOUT_SECONDS ?? 90),
  maxMemoryMb: Number(process.env.CAPTURE_READ_MAX_MB ?? 500),
};

export type ReadOutcome =
  | { ok: true; doc: ReadDocument; rssMb: number }
  /** refused: the document itself is the problem (retrying cannot help); otherwise the reading failed and may be retried */
  | { ok: false; refused: boolean; reason: string; rssMb: number };

interface Answer {
  id?: number;
  ready?: boolean;
  ok?: boolean;
  refused?: boolean;
  reason?: string;
  doc?: ReadDocument;
  rss?: number;
}

const rssOf = (pid: number | undefined): number => {
  if (!pid || !existsSync(`/proc/${pid}/status`)) return 0;
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : 0;
};

/** The reader process's entry: the compiled .js beside this file, or the .ts source run through tsx. */
function entry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const compiled = here.endsWith(".js");
  const file = here.replace(/reader\.(ts|js)$/, `reader-process.${compiled ? "js" : "ts"}`);
  return { file, execArgv: compiled ? [] : ["--import", "tsx"] };
}

export class Reader {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  /** the highest resident memory seen, MB */
  peakMb = 0;

  constructor(private readonly limits: ReaderLimits = defaultReaderLimits) {}

  private start(): ChildProcess {
    const { file, execArgv } = entry();
    // the JavaScript heap below the ceiling: OCR's WebAssembly memory and buffers take the rest
    const heap = Math.max(128, Math.floor(this.limits.maxMemoryMb * 0.7));
    this.child = fork(file, [], { execArgv: [...execArgv, `--max-old-space-size=${heap}`], stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "advanced" });
    this.child.stderr?.resume();
    this.child.on("exit", () => {
      this.child = undefined;
    });
    return this.child;
  }

  /** Read `bytes`; one document at a time (a second call waits for the first). */
  read(bytes: Buffer): Promise<ReadOutcome> {
    const run = this.queue.then(() => this.readNow(bytes));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private readNow(bytes: Buffer): Promise<ReadOutcome> {
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<ReadOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: ReadOutcome, kill: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (kill) child.kill("SIGKILL");
        resolve(outcome);
      };
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) return;
        const rssMb = Math.max(rssOf(child.pid), (answer.rss ?? 0) / 1024 / 1024);
        this.peakMb = Math.max(this.peakMb, rssMb);
        if (answer.ok) finish({ ok: true, doc: answer.doc!, rssMb }, false);
        else finish({ ok: false, refused: answer.refused ?? false, reason: answer.reason ?? "unknown", rssMb }, false);
      };
      const onExit = (code: number | null, signal: string | null) =>
        finish({ ok: false, refused: true, reason: `The document made the reader stop (${signal ?? `exit ${code}`}); it cannot be read.`, rssMb: this.peakMb }, false);
      const watch = setInterval(() => {
        const rssMb = rssOf(child.pid);
        this.peakMb = Math.max(this.peakMb, rssMb);
        if (rssMb > this.limits.maxMemoryMb) {
          finish({ ok: false, refused: true, reason: `Reading the document needed more than ${this.limits.maxMemoryMb} MB of memory; it was stopped.`, rssMb }, true);
        }
      }, 100);
      const timer = setTimeout(() => {
        finish({ ok: false, refused: true, reason: `Reading the document took more than ${this.limits.timeoutSeconds} seconds; it was stopped.`, rssMb: rssOf(child.pid) }, true);
      }, this.limits.timeoutSeconds * 1000);
      child.on("message", onMessage);
      child.on("exit", onExit);
      child.send({ id, bytes: bytes.toString("base64") });
    });
  }

  async stop(): Promise<void> {
    await this.queue;
    this.child?.kill();
    this.child = undefined;
  }
}

let shared: Reader | undefined;
/** The process's reader (made on first use). */
export const sharedReader = (): Reader => (shared ??= new Reader());
export async function stopSharedReader(): Promise<void> {
  await shared?.stop();
  shared = undefined;
}
