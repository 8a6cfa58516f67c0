/**
 * What diffing one config costs, per config size, measured in process with the XML module's own functions:
 * canonicalize the declared text (what Check does) and compare it with the stored canonical config (what Diff
 * does). The lifecycle's own check() + diff() is timed as well, since it also reads fields and root names.
 */
import { canonicalizeConfig } from "../../provider/xml/canonical";
import { configsEqual } from "../../provider/xml/semantic";
import * as lifecycle from "../../provider/resource/lifecycle";
import { readFields } from "../../provider/resource/job-config";
import { makeConfig } from "./configs";
import type { DiffCost, SizeClass } from "./types";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const now = (): number => Number(process.hrtime.bigint()) / 1e6;
const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Samples {
  wall: number[];
  cpu: number[];
}

/**
 * Runs `fn` a few times to warm up, then until `budgetMs` is spent (at least `minRuns`). CPU time is kept next to
 * wall time: on a shared machine the wall time of a CPU-bound call grows with everybody else's load, its CPU time
 * hardly does.
 */
async function sample(fn: () => unknown, budgetMs: number, minRuns: number, maxRuns: number): Promise<Samples> {
  for (let i = 0; i < 2; i++) await fn();
  const out: Samples = { wall: [], cpu: [] };
  const start = now();
  while (out.wall.length < maxRuns && (out.wall.length < minRuns || now() - start < budgetMs)) {
    const c0 = cpuNow();
    const t0 = now();
    await fn();
    out.wall.push(now() - t0);
    out.cpu.push(cpuNow() - c0);
  }
  return out;
}

export async function measureDiffCost(sizes: SizeClass[] = ["5KB", "100KB", "1MB"]): Promise<DiffCost[]> {
  const out: DiffCost[] = [];
  for (const size of sizes) {
    for (const kind of ["freestyle", "pipeline"] as const) {
      const declared = makeConfig(kind, 42, size, 1);
      const stored = canonicalizeConfig(declared);
      const fields = readFields(stored);
      const outputs = { name: "job", fullName: "job", url: "http://x/job/job/", configXml: stored, ...fields };
      const inputs = { name: "job", configXml: stored };
      const budget = size === "1MB" ? 1000 : 500;
      const minRuns = size === "1MB" ? 5 : 11;
      const both = await sample(() => configsEqual(stored, canonicalizeConfig(declared)), budget, minRuns, 2000);
      const canon = await sample(() => canonicalizeConfig(declared), budget / 2, minRuns, 2000);
      const compare = await sample(() => configsEqual(stored, stored), budget / 2, minRuns, 2000);
      const life = await sample(
        async () => {
          const checked = await lifecycle.check(inputs, { name: "job", configXml: declared });
          const d = await lifecycle.diff("id", outputs, checked.inputs);
          if (d.changes) throw new Error(`diff-cost: unchanged ${kind} ${size} config diffed as changed`);
        },
        budget,
        minRuns,
        2000,
      );
      out.push({
        size,
        kind,
        bytes: Buffer.byteLength(declared),
        runs: both.wall.length,
        medianMs: median(both.cpu),
        wallMedianMs: median(both.wall),
        canonicalizeMs: median(canon.cpu),
        compareMs: median(compare.cpu),
        lifecycleMs: median(life.cpu),
      });
    }
  }
  return out;
}
