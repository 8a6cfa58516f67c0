/**
 * What `pulumi-jenkins review` costs on large previews: parse the digest, build the review, lay it out within the
 * default budget, in process. The digests are shaped as `pulumi preview --json` writes them (test/review/digests.ts),
 * each state carrying a `__provider` of the size a checkout's serialized provider has, so parsing costs what it
 * costs on a real digest.
 */
import { parseDigest } from "../../provider/review/digest";
import { fitted } from "../../provider/review/fit";
import { markdown } from "../../provider/review/format";
import { reviewOf } from "../../provider/review/review";
import { create, digest, freestyleXml, job, update, type Step } from "../review/digests";

export interface ReviewCost {
  case: string;
  steps: number;
  digestBytes: number;
  reportChars: number;
  runs: number;
  wallMedianMs: number;
  cpuMedianMs: number;
}

/** About the size of the thin provider serialized by value in a checkout (installed, it is ~300 bytes). */
const PROVIDER_TEXT = "exports.handler = __f0; ".padEnd(3_000, "/* serialized provider */ ");

function withProvider(steps: Step[]): Step[] {
  for (const s of steps) {
    for (const state of [s.oldState, s.newState]) {
      const inputs = state?.inputs as Record<string, unknown> | undefined;
      if (inputs) inputs.__provider = PROVIDER_TEXT;
    }
  }
  return steps;
}

function cases(): Array<{ name: string; steps: Step[] }> {
  const name = (i: number): string => `service-${String(i + 1).padStart(4, "0")}`;
  const xml = (i: number, cmd: string): string => freestyleXml(cmd, `Builds ${name(i)}`);
  return [
    {
      name: "one template change in 3,000 jobs",
      steps: Array.from({ length: 3000 }, (_, i) =>
        update(
          name(i),
          job(`services/${name(i)}`, { configXml: xml(i, "make build") }),
          job(`services/${name(i)}`, { configXml: xml(i, "make build-all") }),
        ),
      ),
    },
    {
      name: "2,000 jobs, each its own change",
      steps: Array.from({ length: 2000 }, (_, i) =>
        update(
          name(i),
          job(`fleet/${name(i)}`, { configXml: xml(i, `make ${name(i)}`) }),
          job(`fleet/${name(i)}`, { configXml: xml(i, `make ${name(i)}-all`) }),
        ),
      ),
    },
    {
      name: "2,000 new jobs",
      steps: Array.from({ length: 2000 }, (_, i) =>
        create(name(i), job(`fleet/${name(i)}`, { configXml: xml(i, "make") })),
      ),
    },
  ];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function measureReviewCost(runs = 5): ReviewCost[] {
  return cases().map(({ name, steps }) => {
    const text = digest(withProvider(steps));
    const render = (): string => fitted(reviewOf(parseDigest(text)), markdown, 60_000);
    const report = render(); // warm-up
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      render();
      wall.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
    }
    return {
      case: name,
      steps: steps.length,
      digestBytes: Buffer.byteLength(text),
      reportChars: report.length,
      runs,
      wallMedianMs: median(wall),
      cpuMedianMs: median(cpu),
    };
  });
}
