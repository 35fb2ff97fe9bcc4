/**
 * An upload on its way to the store: counted against the size limit and proved to be the type its
 * name claims by its own bytes (magic numbers; text: UTF-8 without NUL), never by the client's
 * content type. A failure errors the stream, so the store keeps nothing.
 */
import { Transform, type TransformCallback } from "node:stream";
import { HttpError, unprocessable } from "../errors.js";
import { hasMagic, headLength, type Kind } from "./kinds.js";

export const tooLarge = (maxBytes: number) => new HttpError(413, { file: [`must not be larger than ${maxBytes / 1024 / 1024} MB`] });

export const notOfType = (extension: string) =>
  unprocessable({ file: [`is not a real .${extension} file: its content does not match its name, so it was not uploaded`] });

export class FileCheck extends Transform {
  /** bytes seen so far */
  size = 0;
  private head = Buffer.alloc(0);
  private checked = false;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  constructor(private readonly kind: Kind, private readonly extension: string, private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(tooLarge(this.maxBytes));
    try {
      this.inspect(chunk);
    } catch (error) {
      return done(error as Error);
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      if (this.size === 0) throw unprocessable({ file: ["is empty"] });
      if (this.kind === "text") this.decodeText(undefined);
      else this.checkHead();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private inspect(chunk: Buffer): void {
    if (this.kind === "text") {
      if (chunk.includes(0)) throw notOfType(this.extension);
      this.decodeText(chunk);
      return;
    }
    if (this.head.length < headLength) this.head = Buffer.concat([this.head, chunk.subarray(0, headLength - this.head.length)]);
    if (this.head.length >= headLength) this.checkHead();
  }

  private checkHead(): void {
    if (this.checked) return;
    if (!hasMagic(this.head, this.kind)) throw notOfType(this.extension);
    this.checked = true;
  }

  /** decodes in pieces (`chunk` undefined: the end), throwing when the bytes are not UTF-8 */
  private decodeText(chunk: Buffer | undefined): void {
    try {
      this.decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw notOfType(this.extension);
    }
  }
}

const controls = /[\p{Cc}\p{Cf}]/gu;

/**
 * A stored name: the last segment of whatever path the client sent (either separator), without
 * control and format characters (NUL, newlines, bidi overrides that make `exe.pdf` read backwards),
 * spaces trimmed, dots trimmed at the start; letters of every script kept.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? "";
  return last.replace(controls, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "").slice(-255);
}
