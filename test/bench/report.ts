/** The human-readable table of a benchmark run. */
import type { Measurements, TargetResult } from "./targets";
import { phaseOf } from "./targets";
import { renderDiyBackend } from "./diy-backend";
import { renderLanguageHost } from "./lh-summary";
import { renderPluginPreview } from "./plugin-preview";
import { renderMemoryScale } from "./memory-scale";
import { renderPluginProgram } from "./plugin-program";
import { renderAdaptive } from "./adaptive";
import { renderJjbPair } from "./jjb-pair";
import { PHASES, type ContenderName } from "./types";

const CONTENDERS: ContenderName[] = ["provider", "null-provider", "floor", "python-seq", "python-threads"];

function table(rows: string[][], rightAlign: boolean[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => (rightAlign[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function ratioCell(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || b <= 0) return "-";
  return (a / b).toFixed(2);
}

export function renderReport(m: Measurements, targets: TargetResult[], header: string[]): string {
  const out: string[] = [...header, ""];
  const rows: string[][] = [
    [
      "phase",
      "contender",
      "wall s",
      "ops/s",
      "requests",
      "req/op",
      "/floor",
      "py-seq/x",
      "py-thr/x",
      "srv cpu",
      "cli cpu",
      "prov cpu",
    ],
  ];
  for (const phase of PHASES) {
    for (const who of CONTENDERS) {
      const p = phaseOf(m, who, phase);
      if (!p) continue;
      const floor = phaseOf(m, "floor", phase)?.wallMs;
      const seq = phaseOf(m, "python-seq", phase)?.wallMs;
      const thr = phaseOf(m, "python-threads", phase)?.wallMs;
      rows.push([
        phase,
        who,
        (p.wallMs / 1000).toFixed(3),
        p.wallMs > 0 && p.requests + p.ops > 0 ? Math.round((p.ops * 1000) / p.wallMs).toString() : "-",
        String(p.requests),
        (p.requests / p.ops).toFixed(2),
        phase === "noop-diff" ? "-" : ratioCell(p.wallMs, floor),
        ratioCell(seq, p.wallMs),
        ratioCell(thr, p.wallMs),
        p.serverCpuMs !== undefined ? (p.serverCpuMs / 1000).toFixed(2) : "",
        p.clientCpuMs !== undefined ? (p.clientCpuMs / 1000).toFixed(2) : "",
        p.providerCpuMs !== undefined ? (p.providerCpuMs / 1000).toFixed(2) : "",
      ]);
    }
  }
  out.push(table(rows, [false, false, true, true, true, true, true, true, true, true, true, true]));
  out.push(
    "  /floor: wall time divided by the floor's; py-seq/x, py-thr/x: python-jenkins's wall time divided by this one's",
  );
  out.push(
    "  (how many times faster). CPU seconds in the phase: srv = the server's thread; cli = the client side (this",
  );
  out.push("  process's main thread: undici for the floor, the engine stand-in's gRPC/protobuf for the provider; the");
  out.push("  python process for python-jenkins); prov = the dynamic-provider process.");

  const kinds = new Set<string>();
  for (const c of m.contenders) for (const p of c.phases) for (const k of Object.keys(p.requestsByKind)) kinds.add(k);
  if (kinds.size > 0) {
    out.push("", "Requests by kind (per phase, as counted by the server):");
    for (const c of m.contenders) {
      for (const p of c.phases) {
        const parts = Object.entries(p.requestsByKind).map(([k, n]) => `${k} ${n}`);
        if (parts.length === 0) continue;
        out.push(
          `  ${c.name.padEnd(15)} ${p.phase.padEnd(10)} ${parts.join(", ")}${p.failedRequests ? `  (status >= 400: ${p.failedRequests})` : ""}`,
        );
      }
    }
  }
  const odd = m.contenders.flatMap((c) =>
    c.phases.flatMap((p) => (p.unexpected ?? []).map((u) => `  ${c.name} ${p.phase}: ${u}`)),
  );
  if (odd.length > 0) out.push("", "Unexpected results:", ...odd);

  if (m.provider) {
    const e = m.provider;
    const byPhase = Object.entries(e.peakMemoryByPhaseMb)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ");
    out.push(
      "",
      `Provider process peak memory (VmHWM): ${e.peakMemoryMb.toFixed(0)} MB  (after each phase: ${byPhase})`,
    );
    out.push(
      `No-op diff CPU in the provider process: ${(e.noopCpuRegularMs / 1000).toFixed(2)} s for ${e.regularJobs} jobs of ~5 KB, ` +
        `${(e.noopCpuLargeMs / 1000).toFixed(2)} s for ${e.largeJobs} large jobs`,
    );
  }
  if (m.diffCost) {
    out.push("", "Diff cost per config (median CPU ms in process; wall median in brackets):");
    const rows2: string[][] = [
      ["size", "kind", "bytes", "runs", "canon+compare", "(wall)", "canonicalize", "compare", "check+diff"],
    ];
    for (const d of m.diffCost) {
      rows2.push([
        d.size,
        d.kind,
        String(d.bytes),
        String(d.runs),
        d.medianMs.toFixed(3),
        `(${d.wallMedianMs.toFixed(3)})`,
        d.canonicalizeMs.toFixed(3),
        d.compareMs.toFixed(3),
        d.lifecycleMs.toFixed(3),
      ]);
    }
    out.push(table(rows2, [false, false, true, true, true, true, true, true, true]));
    out.push(
      "  canon+compare: canonicalizeConfig(declared) + configsEqual(stored, canonical); check+diff: the resource's",
    );
    out.push("  own check() and diff() for an unchanged config, called in process.");
  }
  if (m.review) {
    out.push("", "pulumi-jenkins review (parse the digest, review, lay out within 60,000 characters; in process):");
    const rows3: string[][] = [["case", "steps", "digest MB", "report chars", "runs", "wall ms", "cpu ms"]];
    for (const r of m.review) {
      rows3.push([
        r.case,
        String(r.steps),
        (r.digestBytes / 1e6).toFixed(1),
        String(r.reportChars),
        String(r.runs),
        r.wallMedianMs.toFixed(0),
        r.cpuMedianMs.toFixed(0),
      ]);
    }
    out.push(table(rows3, [false, true, true, true, true, true, true]));
  }
  if (m.languageHost && m.languageHost.length > 0) out.push(...renderLanguageHost(m.languageHost));
  if (m.diyBackend && m.diyBackend.length > 0) out.push(...renderDiyBackend(m.diyBackend));
  if (m.pluginPreview) out.push(...renderPluginPreview(m.pluginPreview));
  if (m.pluginProgram) out.push(...renderPluginProgram(m.pluginProgram));
  if (m.memoryScale) out.push(...renderMemoryScale(m.memoryScale));
  if (m.adaptive) out.push(...renderAdaptive(m.adaptive));
  if (m.jjbPair) out.push(...renderJjbPair(m.jjbPair));
  out.push("", "Targets:");
  for (const t of targets) {
    const verdict = t.pass === null ? "n/a " : t.pass ? "PASS" : "MISS";
    out.push(`  ${verdict}  ${t.target}: ${t.measured}`);
  }
  return out.join("\n") + "\n";
}
