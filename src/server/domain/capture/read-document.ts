/**
 * A document's words with their positions: a PDF's text layer (unpdf's build of pdf.js), or, for
 * scans and image-only pages, OCR by tesseract.js with the English data of @tesseract.js-data/eng
 * and the core from node_modules (nothing is downloaded at run time), pages rasterised with
 * @napi-rs/canvas. Runs in the reader process (reader-process.ts), never in a request: bad input
 * throws a ReadRefusal with the reason in plain words.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { hasMagic } from "../../files/kinds.js";
import { splitRun, type ReadDocument, type ReadPage, type Word } from "./words.js";

const require = createRequire(import.meta.url);

/** A document capture will not read, and why (recorded on the capture; never retried). */
export class ReadRefusal extends Error {}

export const limits = {
  maxPages: 50,
  /** an image (or a rasterised page) above this many pixels is refused before it is decoded */
  maxPixels: 40_000_000,
  /** pages rasterised for OCR at most */
  maxOcrPages: 10,
};

// pdf.js of unpdf uses ArrayBuffer.prototype.transferToFixedLength (Node 21+); Node 20 gets a copying stand-in
const arrayBufferProto = ArrayBuffer.prototype as unknown as Record<string, unknown>;
if (typeof arrayBufferProto.transferToFixedLength !== "function") {
  arrayBufferProto.transferToFixedLength = function (this: ArrayBuffer, length?: number) {
    const copy = new ArrayBuffer(length ?? this.byteLength);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(this.byteLength, length ?? this.byteLength)));
    return copy;
  };
}

interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface OcrWorker {
  recognize(image: Buffer, options: object, output: object): Promise<{ data: { blocks: { paragraphs: { lines: { words: OcrWord[] }[] }[] }[] | null } }>;
  terminate(): Promise<unknown>;
}

let ocrWorker: Promise<OcrWorker> | undefined;

/** One tesseract worker per reader process, made on first need: data and core from node_modules. */
function ocr(): Promise<OcrWorker> {
  ocrWorker ??= (async () => {
    const { createWorker, OEM } = await import("tesseract.js");
    const langPath = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
    const corePath = path.dirname(require.resolve("tesseract.js-core/package.json"));
    return (await createWorker("eng", OEM.LSTM_ONLY, { langPath, corePath, gzip: true, cacheMethod: "none" })) as unknown as OcrWorker;
  })();
  return ocrWorker;
}

export async function stopOcr(): Promise<void> {
  if (ocrWorker) await (await ocrWorker).terminate();
  ocrWorker = undefined;
}

/** Width and height of a PNG or JPEG from its header, without decoding it. */
export function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (hasMagic(bytes, "png") && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (hasMagic(bytes, "jpeg")) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return undefined;
      const marker = bytes[i + 1];
      const length = bytes.readUInt16BE(i + 2);
      // start-of-frame markers carry the size (not DHT c4, JPG c8, DAC cc)
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      i += 2 + length;
    }
  }
  return undefined;
}

/**
 * A scan made ready for OCR: grey, and cleared of specks (a dark pixel with at most one dark
 * neighbour is a copier's dot, not ink), as a PNG of the same size.
 */
async function cleaned(image: Buffer): Promise<{ png: Buffer; width: number; height: number }> {
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const picture = await loadImage(image);
  const { width, height } = picture;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(picture, 0, 0);
  const data = ctx.getImageData(0, 0, width, height);
  const px = data.data;
  const grey = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) grey[j] = (px[i] * 299 + px[i + 1] * 587 + px[i + 2] * 114) / 1000;
  const dark = (j: number) => grey[j] < 140;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const j = y * width + x;
      if (!dark(j)) continue;
      let neighbours = 0;
      for (const d of [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1]) if (dark(j + d)) neighbours++;
      if (neighbours <= 1) grey[j] = 255;
    }
  }
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
    px[i] = px[i + 1] = px[i + 2] = grey[j];
    px[i + 3] = 255;
  }
  ctx.putImageData(data, 0, 0);
  return { png: canvas.toBuffer("image/png"), width, height };
}

/** OCR noise: words of punctuation only (a lone # stays, it labels numbers) or read with very low confidence. */
const isNoise = (w: OcrWord) => w.confidence < 30 || (!/[A-Za-z0-9$€£#]/.test(w.text));

async function ocrImage(image: Buffer, _width: number, _height: number, page: number): Promise<ReadPage> {
  const worker = await ocr();
  const { png, width, height } = await cleaned(image);
  const result = await worker.recognize(png, {}, { blocks: true, text: false });
  const lines: OcrWord[][] = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) lines.push(line.words.filter((w) => w.text.trim() !== "" && !isNoise(w)));
    }
  }
  // a scan turned a little: the median slope of OCR's own lines, taken out so that rows of the page line up again
  const mid = (w: OcrWord) => [(w.bbox.x0 + w.bbox.x1) / 2, (w.bbox.y0 + w.bbox.y1) / 2];
  const slopes = lines.filter((l) => l.length >= 2).map((l) => [mid(l[0]), mid(l[l.length - 1])]).filter(([a, b]) => b[0] - a[0] > width * 0.1)
    .map(([a, b]) => (b[1] - a[1]) / (b[0] - a[0])).sort((a, b) => a - b);
  const slope = slopes.length ? slopes[Math.floor(slopes.length / 2)] : 0;
  const words: Word[] = [];
  for (const line of lines) {
    for (const w of line) {
      const shift = slope * ((w.bbox.x0 + w.bbox.x1) / 2 - width / 2);
      words.push({ page, text: w.text, conf: w.confidence / 100, x0: w.bbox.x0 / width, x1: w.bbox.x1 / width, y0: (w.bbox.y0 - shift) / height, y1: (w.bbox.y1 - shift) / height });
    }
  }
  return { aspect: width / height, words };
}

const pdfError = (error: unknown): ReadRefusal => {
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") return new ReadRefusal("The PDF is protected by a password, so it cannot be read.");
  if (name === "InvalidPDFException" || name === "FormatError") return new ReadRefusal("The file is not a readable PDF (it is damaged or incomplete).");
  return new ReadRefusal(`The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`);
};

/** Read a PDF or a PNG/JPEG image (its kind told by its bytes). */
export async function readDocument(bytes: Buffer): Promise<ReadDocument> {
  if (hasMagic(bytes, "png") || hasMagic(bytes, "jpeg")) {
    const size = imageSize(bytes);
    if (!size) throw new ReadRefusal("The image is damaged: its size cannot be read.");
    if (size.width * size.height > limits.maxPixels) {
      throw new ReadRefusal(`The image is ${size.width} × ${size.height} pixels; capture reads images of up to ${limits.maxPixels / 1_000_000} million pixels.`);
    }
    return { kind: "OCR", pages: [await ocrImage(bytes, size.width, size.height, 0)] };
  }
  if (!hasMagic(bytes, "pdf")) throw new ReadRefusal("The file is neither a PDF nor a PNG or JPEG image.");
  const { getDocumentProxy, renderPageAsImage } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: true });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    if (pdf.numPages > limits.maxPages) throw new ReadRefusal(`The PDF has ${pdf.numPages} pages; capture reads invoices of up to ${limits.maxPages} pages.`);
    const pages: ReadPage[] = [];
    let ocrPages = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const words: Word[] = [];
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        // pdf.js gives the run's baseline origin in PDF space (bottom-left origin)
        const [, , , , x, y] = item.transform as number[];
        const fontHeight = Math.hypot(item.transform[2] as number, item.transform[3] as number) || item.height;
        const [vx, vy] = viewport.convertToViewportPoint(x, y) as number[];
        const box = { page: n - 1, x0: vx / viewport.width, x1: (vx + item.width) / viewport.width, y0: (vy - fontHeight * 0.85) / viewport.height, y1: (vy + fontHeight * 0.2) / viewport.height };
        words.push(...splitRun(item.str, box));
      }
      const characters = words.reduce((s, w) => s + w.text.length, 0);
      if (characters >= 20) {
        pages.push({ aspect: viewport.width / viewport.height, words });
        continue;
      }
      // an image-only page: rasterised at about 200 dpi and read by OCR
      ocrPages += 1;
      if (ocrPages > limits.maxOcrPages) throw new ReadRefusal(`The PDF has more than ${limits.maxOcrPages} scanned pages; capture reads scans of up to ${limits.maxOcrPages} pages.`);
      const scale = Math.min(2.5, Math.sqrt(limits.maxPixels / 4 / (viewport.width * viewport.height)));
      const png = Buffer.from(await renderPageAsImage(pdf, n, { canvasImport: () => import("@napi-rs/canvas"), scale }));
      const read = await ocrImage(png, Math.round(viewport.width * scale), Math.round(viewport.height * scale), n - 1);
      pages.push(read);
    }
    const ocred = pages.some((p, i) => p.words.length > 0 && ocrPages > 0 && i >= 0);
    return { kind: ocred && ocrPages > 0 ? "OCR" : "TEXT", pages };
  } catch (error) {
    if (error instanceof ReadRefusal) throw error;
    throw pdfError(error);
  } finally {
    await pdf.destroy();
  }
}
