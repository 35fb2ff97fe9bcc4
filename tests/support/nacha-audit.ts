/**
 * An independent reading of a NACHA file for tests: record lengths, blocking, and the batch and
 * file control totals recomputed from the entry records themselves.
 */
export interface NachaAudit {
  lines: string[];
  entries: { routing8: string; amountCents: bigint; idNumber: string; trace: string; transactionCode: string; addenda: string[] }[];
  batches: { sec: string; count: number; hash: string; credit: bigint; controlCount: number; controlHash: string; controlCredit: bigint }[];
  file: { batchCount: number; blockCount: number; count: number; hash: string; credit: bigint };
  computed: { count: number; hash: string; credit: bigint };
}

const hashOf = (routings: string[]) => String(routings.reduce((t, r) => t + BigInt(r), 0n) % 10_000_000_000n).padStart(10, "0");

export function auditNacha(content: string): NachaAudit {
  const lines = content.split(/\r?\n/).filter((l) => l.length > 0);
  const entries: NachaAudit["entries"] = [];
  const batches: NachaAudit["batches"] = [];
  let current: { sec: string; routings: string[]; credit: bigint; count: number } | null = null;
  let file: NachaAudit["file"] | null = null;
  for (const line of lines) {
    const type = line[0];
    if (type === "5") current = { sec: line.slice(50, 53), routings: [], credit: 0n, count: 0 };
    else if (type === "6" && current) {
      const entry = { routing8: line.slice(3, 11), amountCents: BigInt(line.slice(29, 39)), idNumber: line.slice(39, 54).trim(), trace: line.slice(79, 94), transactionCode: line.slice(1, 3), addenda: [] as string[] };
      entries.push(entry);
      current.routings.push(entry.routing8);
      current.credit += entry.amountCents;
      current.count += 1;
    } else if (type === "7" && current) {
      entries.at(-1)!.addenda.push(line.slice(3, 83).trim());
      current.count += 1;
    } else if (type === "8" && current) {
      batches.push({ sec: current.sec, count: current.count, hash: hashOf(current.routings), credit: current.credit,
        controlCount: Number(line.slice(4, 10)), controlHash: line.slice(10, 20), controlCredit: BigInt(line.slice(32, 44)) });
      current = null;
    } else if (type === "9" && !file && !/^9+$/.test(line)) {
      file = { batchCount: Number(line.slice(1, 7)), blockCount: Number(line.slice(7, 13)), count: Number(line.slice(13, 21)), hash: line.slice(21, 31), credit: BigInt(line.slice(43, 55)) };
    }
  }
  if (!file) throw new Error("no file control record");
  return {
    lines, entries, batches, file,
    computed: { count: entries.length + entries.reduce((t, e) => t + e.addenda.length, 0), hash: hashOf(entries.map((e) => e.routing8)), credit: entries.reduce((t, e) => t + e.amountCents, 0n) },
  };
}
