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

/** Runs `fn` a few times to warm up, then until `budgetMs` is spent (at least `minRuns`); returns each run's ms. */
async function sample(fn: () => unknown, budgetMs: number, minRuns: number, maxRuns: number): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  const start = now();
  while (out.length < maxRuns && (out.length < minRuns || now() - start < budgetMs)) {
    const t0 = now();
    await fn();
    out.push(now() - t0);
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
      const budget = size === "1MB" ? 1500 : 800;
      const both = await sample(() => configsEqual(stored, canonicalizeConfig(declared)), budget, 11, 2000);
      const canon = await sample(() => canonicalizeConfig(declared), budget / 2, 11, 2000);
      const compare = await sample(() => configsEqual(stored, stored), budget / 2, 11, 2000);
      const life = await sample(
        async () => {
          const checked = await lifecycle.check(inputs, { name: "job", configXml: declared });
          const d = await lifecycle.diff("id", outputs, checked.inputs);
          if (d.changes) throw new Error(`diff-cost: unchanged ${kind} ${size} config diffed as changed`);
        },
        budget,
        11,
        2000,
      );
      out.push({
        size,
        kind,
        bytes: Buffer.byteLength(declared),
        runs: both.length,
        medianMs: median(both),
        canonicalizeMs: median(canon),
        compareMs: median(compare),
        lifecycleMs: median(life),
      });
    }
  }
  return out;
}
