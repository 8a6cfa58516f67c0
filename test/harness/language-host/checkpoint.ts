/**
 * The state saved to a file as a DIY backend (file, s3, azblob, gs) saves it: without journaling, the engine saves
 * the whole snapshot at the start and at the end of every step that is not "same", and each save serializes the
 * whole checkpoint (minified JSON since CLI 3.238), copies the file it replaces to `<file>.bak` and writes it.
 * `PULUMI_SKIP_CHECKPOINTS=true` keeps only the save at the end of the operation ("end").
 * What it costs is the point: the figures add up the saves, their bytes and the time they took. A save blocks the
 * engine while it runs, as the engine's snapshot manager does (one save at a time, steps waiting on it).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ResourceState, StackState } from "./state";

/** When the state is saved: at the start and end of every non-same step and at the end, or at the end only. */
export type CheckpointEvery = "step" | "end";

export interface CheckpointOptions {
  /** The stack's checkpoint file, e.g. `.pulumi/stacks/<project>/dev.json`; its folder is made when missing. */
  file: string;
  every: CheckpointEvery;
}

export interface CheckpointFigures {
  /** Saves so far, the final ones included. */
  saves: number;
  /** Bytes of checkpoint text written, backups not counted. */
  bytesWritten: number;
  /** Size of the last checkpoint written. */
  lastBytes: number;
  /** Time spent serializing, backing up and writing. */
  ms: number;
}

export class CheckpointFile {
  readonly figures: CheckpointFigures = { saves: 0, bytesWritten: 0, lastBytes: 0, ms: 0 };
  readonly file: string;
  /** May change between operations, as `PULUMI_SKIP_CHECKPOINTS` may. */
  every: CheckpointEvery;

  constructor(
    opts: CheckpointOptions,
    private readonly stack: string,
  ) {
    this.file = opts.file;
    this.every = opts.every;
  }

  /**
   * The state the file holds, as a CLI started afresh reads it (empty when there is no file yet): what the next
   * operation starts from after one was killed. Stack outputs are not kept.
   */
  load(): StackState {
    if (!fs.existsSync(this.file)) return { resources: [], outputs: {} };
    const doc = JSON.parse(fs.readFileSync(this.file, "utf8")) as {
      checkpoint: { latest: { resources: Array<Omit<ResourceState, "id"> & { id?: string }> } };
    };
    const resources = doc.checkpoint.latest.resources.map((r) => {
      const state: ResourceState = {
        urn: r.urn,
        type: r.type,
        custom: r.custom,
        id: r.id ?? "",
        inputs: r.inputs,
        outputs: r.outputs,
        dependencies: r.dependencies,
      };
      if (r.initErrors) state.initErrors = r.initErrors;
      return state;
    });
    return { resources, outputs: {} };
  }

  /** A save the engine makes around a step: only when saving every step. */
  step(snapshot: () => StackState): void {
    if (this.every === "step") this.save(snapshot());
  }

  /** The save at the end of an operation, made whether every step saves or not. */
  save(state: StackState): void {
    const started = process.hrtime.bigint();
    const text = JSON.stringify({
      version: 3,
      checkpoint: {
        stack: this.stack,
        latest: {
          manifest: { time: new Date().toISOString(), magic: "", version: "v3.270.0" },
          secrets_providers: { type: "passphrase" },
          resources: state.resources.map((r) => ({
            urn: r.urn,
            custom: r.custom,
            id: r.id || undefined,
            type: r.type,
            inputs: r.inputs,
            outputs: r.outputs,
            dependencies: r.dependencies,
            initErrors: r.initErrors,
          })),
        },
      },
    });
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    if (fs.existsSync(this.file)) fs.copyFileSync(this.file, `${this.file}.bak`);
    fs.writeFileSync(this.file, text);
    const bytes = Buffer.byteLength(text);
    this.figures.saves++;
    this.figures.bytesWritten += bytes;
    this.figures.lastBytes = bytes;
    this.figures.ms += Number(process.hrtime.bigint() - started) / 1e6;
  }
}
