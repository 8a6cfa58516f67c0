/**
 * The language-host benchmark's figures put side by side: ours over the null provider for each pair of no-op
 * previews run one after the other (median of the pairs), `up` against the null provider plus the requests' own
 * cost, and the targets of the benchmark that concern it.
 */
import type { LanguageHostResult, LanguageHostRun, OperationFigures } from "./language-host";
import type { TargetResult } from "./targets";

const s = (ms: number): string => (ms / 1000).toFixed(2);
const fmt = (x: number): string => x.toFixed(2);

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const cpuOf = (f: OperationFigures): number => f.programCpuMs + f.providerCpuMs;

export interface PreviewRatios {
  wall: number[];
  /** Program + provider CPU. */
  cpu: number[];
  program: number[];
  provider: number[];
  medianWall: number;
  medianCpu: number;
  medianProgram: number;
  medianProvider: number;
}

function runOf(r: LanguageHostResult, who: "provider" | "null-provider"): LanguageHostRun | undefined {
  return r.runs.find((x) => x.contender === who);
}

export function previewRatios(r: LanguageHostResult): PreviewRatios | undefined {
  const [ours, other] = [runOf(r, "provider"), runOf(r, "null-provider")];
  if (!ours || !other) return undefined;
  const pairs = ours.previews.map((p, i) => [p, other.previews[i]] as const).filter(([, q]) => q !== undefined);
  const wall = pairs.map(([p, q]) => p.wallMs / q.wallMs);
  const cpu = pairs.map(([p, q]) => cpuOf(p) / cpuOf(q));
  const program = pairs.map(([p, q]) => p.programCpuMs / q.programCpuMs);
  const provider = pairs.map(([p, q]) => p.providerCpuMs / q.providerCpuMs);
  return {
    wall,
    cpu,
    program,
    provider,
    medianWall: median(wall),
    medianCpu: median(cpu),
    medianProgram: median(program),
    medianProvider: median(provider),
  };
}

/** `up`: ours over the null provider plus the replayed requests (wall), and the same for CPU (server included). */
export interface UpRatios {
  wall: number;
  /** Program + provider + server CPU. */
  cpu: number;
  /** Ours over (null provider + the replayed requests), wall. */
  wallVsFloor?: number;
  /** Ours over (null provider + the replayed requests), CPU: the replay's client and server CPU. */
  cpuVsFloor?: number;
  /** Ours within 1.25 x the null provider + the replayed requests' cost, wall and CPU. */
  wallWithin?: boolean;
  cpuWithin?: boolean;
}

export function upRatios(r: LanguageHostResult): UpRatios | undefined {
  const [ours, other] = [runOf(r, "provider"), runOf(r, "null-provider")];
  if (!ours || !other) return undefined;
  const cpu = (f: OperationFigures) => cpuOf(f) + f.serverCpuMs;
  const out: UpRatios = { wall: ours.up.wallMs / other.up.wallMs, cpu: cpu(ours.up) / cpu(other.up) };
  if (r.replay) {
    const replayCpu = r.replay.clientCpuMs + r.replay.serverCpuMs;
    out.wallVsFloor = ours.up.wallMs / (other.up.wallMs + r.replay.wallMs);
    out.cpuVsFloor = cpu(ours.up) / (cpu(other.up) + replayCpu);
    out.wallWithin = ours.up.wallMs <= 1.25 * other.up.wallMs + r.replay.wallMs;
    out.cpuWithin = cpu(ours.up) <= 1.25 * cpu(other.up) + replayCpu;
  }
  return out;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) => row.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "))
    .join("\n");
}

export function renderLanguageHost(results: LanguageHostResult[]): string[] {
  const out = ["", "Language host (a program as users write it, through cmd/run and the default dynamic provider):"];
  const rows = [
    [
      "op",
      "contender",
      "jobs",
      "configs",
      "wall s",
      "program cpu s",
      "provider cpu s",
      "server cpu s",
      "program peak MB",
      "provider peak MB",
      "requests",
    ],
  ];
  for (const r of results) {
    for (const run of r.runs) {
      const ops: Array<[string, OperationFigures]> = [
        ["up", run.up],
        ...run.previews.map((p, i): [string, OperationFigures] => [`no-op preview ${i + 1}`, p]),
      ];
      for (const [op, f] of ops) {
        rows.push([
          op,
          run.contender,
          String(run.jobs),
          r.shape,
          s(f.wallMs),
          s(f.programCpuMs),
          s(f.providerCpuMs),
          s(f.serverCpuMs),
          f.programPeakRssMb.toFixed(0),
          f.providerPeakRssMb.toFixed(0),
          String(f.requests),
        ]);
      }
    }
    if (r.replay) {
      rows.push([
        "up floor",
        "plain client",
        String(r.jobs),
        r.shape,
        s(r.replay.wallMs),
        s(r.replay.clientCpuMs),
        "",
        s(r.replay.serverCpuMs),
        "",
        "",
        String(r.replay.requests),
      ]);
    }
  }
  out.push(table(rows));
  for (const r of results) {
    const p = previewRatios(r);
    if (p) {
      out.push(
        `  ${label(r)}, no-op preview ours / null provider (median of ${p.wall.length} pairs run back to back): ` +
          `wall ${fmt(p.medianWall)}, program+provider cpu ${fmt(p.medianCpu)} ` +
          `(program ${fmt(p.medianProgram)}, provider ${fmt(p.medianProvider)}); ` +
          `pairs: wall ${p.wall.map(fmt).join(" ")}, cpu ${p.cpu.map(fmt).join(" ")}`,
      );
    }
    const sizes = r.runs
      .map((run) => `${run.contender} ${run.stateBytesPerJob.inputs} / ${run.stateBytesPerJob.outputs}`)
      .join(", ");
    out.push(`  ${label(r)}, bytes per Job in the state, checked inputs / outputs (JSON): ${sizes}`);
    const u = upRatios(r);
    if (u) {
      out.push(
        `  ${label(r)}, up ours / null provider: wall ${fmt(u.wall)}, cpu (program+provider+server) ${fmt(u.cpu)}` +
          (u.wallVsFloor !== undefined && u.cpuVsFloor !== undefined
            ? `; ours / (null provider + up floor): wall ${fmt(u.wallVsFloor)}, cpu ${fmt(u.cpuVsFloor)}`
            : ""),
      );
    }
  }
  out.push("  configs: files, read from files next to the program; template, built in code from a template literal;");
  out.push("  code: the same, each job declared with name, configXml and description alone.");
  out.push("  program: the cmd/run process (ts-node, registrations); provider: the dynamic-provider process; server:");
  out.push("  the Jenkins-compatible server's thread. up floor: the requests of ours' up sent again by a plain undici");
  out.push("  client at the engine's parallelism, against the same server emptied first.");
  return out;
}

/** "1000 jobs, configs from files". */
function label(r: LanguageHostResult): string {
  const configs = { files: "from files", template: "from a template", code: "built in code, no spec" }[r.shape];
  return `${r.jobs} jobs, configs ${configs}`;
}

/** The targets of each program shape's pair (the scale run has none). */
export function languageHostTargets(results: LanguageHostResult[]): TargetResult[] {
  return results.filter((r) => r.scale !== true).flatMap(targetsOf);
}

function targetsOf(main: LanguageHostResult): TargetResult[] {
  const out: TargetResult[] = [];
  const p = previewRatios(main);
  out.push({
    target: `language host, ${label(main)}: no-op preview ours / null provider <= 1.10 (median, program+provider cpu)`,
    pass: p === undefined ? null : p.medianCpu <= 1.1,
    measured: p === undefined ? "not measured" : `cpu ${fmt(p.medianCpu)} (wall ${fmt(p.medianWall)})`,
  });
  const ours = runOf(main, "provider");
  if (ours) {
    const sent = ours.previews.map((f) => f.requests);
    out.push({
      target: `language host, ${label(main)}: no-op preview sends no request`,
      pass: sent.every((n) => n === 0),
      measured: `${sent.join(", ")} requests`,
    });
  }
  const u = upRatios(main);
  out.push({
    target: `language host, ${label(main)}: up ours <= 1.25 x null provider + up floor (cpu: program+provider+server)`,
    pass: u?.cpuWithin ?? null,
    measured:
      u?.cpuVsFloor === undefined
        ? "not measured"
        : `ours / (null + floor) cpu ${fmt(u.cpuVsFloor)}, wall ${fmt(u.wallVsFloor!)}; ` +
          `within 1.25 x null + floor: cpu ${u.cpuWithin ? "yes" : "no"}, wall ${u.wallWithin ? "yes" : "no"}`,
  });
  return out;
}
