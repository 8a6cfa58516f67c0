/**
 * `up` with the state saved as a DIY backend (file, s3, azblob, gs) saves it: the language-host benchmark's `files`
 * program (configs of 5 to 7 KB as exported from a Jenkins, a few folders and typed specs) run by the harness with
 * option `checkpoint` (harness/language-host/checkpoint.ts), which serializes the whole checkpoint at the start and
 * the end of every step that is not "same", copies the file before to `.bak`, and writes it.
 *  - `lh-diy`: an `up` of N jobs with a save around every step, and the same program on a server of its own with a
 *    save at the end only (`PULUMI_SKIP_CHECKPOINTS=true`), one after the other.
 *  - `lh-diy-scale`: an `up` of M jobs with a save at the end only (the program's memory and the state's size at
 *    that scale), then an `up` of the same program with K jobs more and a save around every step: what each step
 *    costs once the state holds M jobs. A whole `up` of M jobs saving every step is estimated from it, not run: its
 *    saves serialize about M × 2 × (half the final state) bytes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { CheckpointEvery } from "../harness/language-host/checkpoint";
import { Session, stateBytesPerJob, type OperationFigures } from "./language-host";
import { userProgram, writeProgramData, type UserProgram } from "./user-program";

export interface DiyUpFigures extends OperationFigures {
  /** Jobs in the program; `newJobs` of them created by this `up`. */
  jobs: number;
  newJobs: number;
  every: CheckpointEvery;
  saves: number;
  /** Serializing, backing up and writing the checkpoint, within `wallMs`. */
  checkpointMs: number;
  checkpointBytesWritten: number;
  /** The checkpoint file after the `up`. */
  checkpointBytes: number;
  /** Mean JSON size of a job's inputs and outputs in the state. */
  stateBytesPerJob: { inputs: number; outputs: number };
}

export interface DiyBackendResult {
  runs: DiyUpFigures[];
}

function log(line: string): void {
  process.stderr.write(line + "\n");
}

async function openSession(program: UserProgram, every: CheckpointEvery): Promise<Session> {
  // The checkpoint lives in the program folder (as `pulumi login file://.` puts it), removed with the session.
  return Session.open("provider", program, undefined, (dir) => ({
    checkpoint: { file: path.join(dir, ".pulumi", "stacks", "bench", "dev.json"), every },
  }));
}

async function measuredUp(s: Session, newJobs: number): Promise<DiyUpFigures> {
  const checkpoint = s.cli.checkpoint!;
  const before = { ...checkpoint.figures };
  const up = await s.measure(() => s.cli.up());
  const jobs = s.cli.state.resources.filter((r) => r.custom).length;
  const figures: DiyUpFigures = {
    ...up,
    jobs,
    newJobs,
    every: checkpoint.every,
    saves: checkpoint.figures.saves - before.saves,
    checkpointMs: checkpoint.figures.ms - before.ms,
    checkpointBytesWritten: checkpoint.figures.bytesWritten - before.bytesWritten,
    checkpointBytes: fs.statSync(checkpoint.file).size,
    stateBytesPerJob: stateBytesPerJob(s.cli),
  };
  // Each `up` as it ends: a long run shows its figures before the report.
  log(`DIY backend: ${JSON.stringify(figures)}`);
  return figures;
}

/** `lh-diy`: `up` of `jobs` jobs saving around every step, then the same saving at the end only. */
export async function runDiyBackend(jobs: number): Promise<DiyBackendResult> {
  const program = userProgram(jobs);
  const runs: DiyUpFigures[] = [];
  for (const every of ["step", "end"] as const) {
    const s = await openSession(program, every);
    try {
      log(`DIY backend: up of ${jobs} jobs, state saved ${every === "step" ? "around every step" : "at the end"}`);
      runs.push(await measuredUp(s, jobs));
    } finally {
      // No destroy: the server goes with the session, and deleting thousands of jobs would measure nothing here.
      await s.close();
    }
  }
  return { runs };
}

/**
 * `lh-diy-scale`: `up` of `jobs` jobs saving at the end only, then `up` of `more` jobs more saving around every
 * step.
 */
export async function runDiyBackendScale(jobs: number, more: number): Promise<DiyBackendResult> {
  const runs: DiyUpFigures[] = [];
  const s = await openSession(userProgram(jobs), "end");
  try {
    log(`DIY backend: up of ${jobs} jobs, state saved at the end`);
    runs.push(await measuredUp(s, jobs));
    // userProgram(n + more) begins with userProgram(n)'s jobs (same seed, same folders while n / 200 is the same).
    const bigger = userProgram(jobs + more);
    fs.rmSync(path.join(s.dir, "jobs"), { recursive: true, force: true });
    writeProgramData(s.dir, bigger);
    s.cli.checkpoint!.every = "step";
    log(`DIY backend: up of ${more} jobs more, state saved every step`);
    runs.push(await measuredUp(s, more));
  } finally {
    await s.close();
  }
  return { runs };
}

const sec = (ms: number): string => (ms / 1000).toFixed(2);

export function renderDiyBackend(results: DiyBackendResult[]): string[] {
  const out = ["", "DIY backend (the state saved as a file backend saves it, files program, ours):"];
  const rows = [
    [
      "jobs",
      "created",
      "saved",
      "wall s",
      "saving s",
      "saves",
      "GB written",
      "state MB",
      "state B/job",
      "inputs B/job",
      "outputs B/job",
      "program cpu s",
      "program peak MB",
    ],
  ];
  for (const r of results) {
    for (const f of r.runs) {
      rows.push([
        String(f.jobs),
        String(f.newJobs),
        f.every === "step" ? "every step" : "at the end",
        sec(f.wallMs),
        sec(f.checkpointMs),
        String(f.saves),
        (f.checkpointBytesWritten / 1e9).toFixed(2),
        (f.checkpointBytes / 1e6).toFixed(1),
        String(Math.round(f.checkpointBytes / Math.max(1, f.jobs))),
        String(f.stateBytesPerJob.inputs),
        String(f.stateBytesPerJob.outputs),
        sec(f.programCpuMs),
        f.programPeakRssMb.toFixed(0),
      ]);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  out.push(...rows.map((row) => row.map((c, i) => (i === 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")));
  return out;
}
