/**
 * The words of a read document, whatever read them (a PDF's text layer or OCR), in one shape: per
 * page its words with boxes in page fractions (0–1, top-left origin), grouped into lines and the
 * lines into segments (runs of words with no wide gap: a label, a value, a table cell).
 */

export interface Box {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Word extends Box {
  text: string;
  /** 0–1: 1 for a text layer, OCR's own confidence otherwise */
  conf: number;
}

export interface Segment extends Box {
  text: string;
  words: Word[];
  conf: number;
  line: number;
}

export interface Line {
  page: number;
  index: number;
  y0: number;
  y1: number;
  segments: Segment[];
  text: string;
}

export interface ReadPage {
  /** width / height of the page, to turn fractions back into proportions */
  aspect: number;
  words: Word[];
}

export interface ReadDocument {
  kind: "TEXT" | "OCR";
  pages: ReadPage[];
}

export const union = (boxes: readonly Box[]): Box => ({
  page: boxes[0].page,
  x0: Math.min(...boxes.map((b) => b.x0)),
  y0: Math.min(...boxes.map((b) => b.y0)),
  x1: Math.max(...boxes.map((b) => b.x1)),
  y1: Math.max(...boxes.map((b) => b.y1)),
});

function segmentOf(words: Word[], line: number): Segment {
  return { ...union(words), text: words.map((w) => w.text).join(" "), words, conf: Math.min(...words.map((w) => w.conf)), line };
}

/**
 * Lines: words whose vertical middles fall within half a word height of each other, left to right;
 * a gap wider than about two character widths (or a tab-like jump) starts a new segment.
 */
export function linesOf(doc: ReadDocument): Line[] {
  const lines: Line[] = [];
  doc.pages.forEach((page, pageIndex) => {
    const words = page.words.filter((w) => w.text.trim() !== "").sort((a, b) => (a.y0 + a.y1) - (b.y0 + b.y1) || a.x0 - b.x0);
    const rows: Word[][] = [];
    for (const word of words) {
      const mid = (word.y0 + word.y1) / 2;
      const height = word.y1 - word.y0;
      const row = rows.find((r) => {
        const rMid = r.reduce((s, w) => s + (w.y0 + w.y1) / 2, 0) / r.length;
        const rHeight = r.reduce((s, w) => s + (w.y1 - w.y0), 0) / r.length;
        return Math.abs(rMid - mid) < Math.max(height, rHeight) * 0.5;
      });
      if (row) row.push(word);
      else rows.push([word]);
    }
    rows.sort((a, b) => Math.min(...a.map((w) => w.y0)) - Math.min(...b.map((w) => w.y0)));
    for (const row of rows) {
      row.sort((a, b) => a.x0 - b.x0);
      const index = lines.length;
      const segments: Segment[] = [];
      let current: Word[] = [];
      for (const word of row) {
        const prev = current[current.length - 1];
        const charWidth = prev ? (prev.x1 - prev.x0) / Math.max(1, prev.text.length) : 0;
        // a gap wider than about two characters (at least 1 % of the page's width) splits cells
        if (prev && word.x0 - prev.x1 > Math.max(charWidth * 2.2, 0.01)) {
          segments.push(segmentOf(current, index));
          current = [];
        }
        current.push(word);
      }
      if (current.length) segments.push(segmentOf(current, index));
      lines.push({ page: pageIndex, index, y0: Math.min(...row.map((w) => w.y0)), y1: Math.max(...row.map((w) => w.y1)), segments, text: segments.map((s) => s.text).join("  ") });
    }
  });
  return lines;
}

/** Words of a text run whose box covers the run: the box split in proportion to characters (monospace enough for locating). */
export function splitRun(text: string, box: Box, conf = 1): Word[] {
  const words: Word[] = [];
  const width = box.x1 - box.x0;
  const total = text.length || 1;
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    words.push({ page: box.page, text: m[0], conf, y0: box.y0, y1: box.y1, x0: box.x0 + (width * m.index) / total, x1: box.x0 + (width * (m.index + m[0].length)) / total });
  }
  return words;
}
