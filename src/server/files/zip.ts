/**
 * A zip written while its files are read (fflate's streaming Zip): each entry is opened in turn,
 * and one that cannot be read is left out and named, with why, in an `errors.txt` at the end, so the
 * archive is still produced (product spec 8, "File zip"). Names repeated get " (2)", " (3)" ….
 */
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { Zip, ZipDeflate } from "fflate";

export interface ZipEntry {
  name: string;
  /** the bytes, or an Error saying why they cannot be had */
  open(): Promise<Readable>;
}

function uniqueName(name: string, used: Set<string>): string {
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

export const zipErrorsName = "errors.txt";

export function zipStream(entries: readonly ZipEntry[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const add = (name: string, chunks: readonly Uint8Array[]) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    for (const chunk of chunks) entry.push(chunk);
    entry.push(new Uint8Array(0), true);
  };

  void (async () => {
    const used = new Set<string>([zipErrorsName]);
    const failures: string[] = [];
    for (const entry of entries) {
      try {
        const content = await entry.open();
        // read it whole before adding it: an entry once added cannot be taken back
        const chunks: Uint8Array[] = [];
        for await (const chunk of content) chunks.push(chunk as Uint8Array);
        add(uniqueName(entry.name, used), chunks);
      } catch (error) {
        failures.push(`${entry.name}: ${(error as Error).message}`);
      }
    }
    if (failures.length) {
      add(zipErrorsName, [new TextEncoder().encode(`These files could not be added to the zip:\n${failures.join("\n")}\n`)]);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
