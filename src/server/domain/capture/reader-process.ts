/**
 * The reader process (reader.ts forks it): reads documents sent over IPC one at a time and answers
 * with their words or the reason they cannot be read. A crash, a runaway memory or a hang kills
 * only this process; the parent records the reason and starts another.
 */
import { ReadRefusal, readDocument } from "./read-document.js";

interface Request {
  id: number;
  bytes: string;
}

process.on("message", (message: Request) => {
  void (async () => {
    try {
      const doc = await readDocument(Buffer.from(message.bytes, "base64"));
      process.send!({ id: message.id, ok: true, doc, rss: process.memoryUsage().rss });
    } catch (error) {
      const refused = error instanceof ReadRefusal;
      process.send!({ id: message.id, ok: false, refused, reason: error instanceof Error ? error.message : String(error), rss: process.memoryUsage().rss });
    }
  })();
});
process.send?.({ ready: true });
