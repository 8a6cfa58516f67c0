/**
 * The harness's state saved as a DIY backend saves it (`checkpoint` option, harness/language-host/checkpoint.ts):
 * the whole checkpoint at the start and the end of every step that changes something and at the end of the `up`,
 * the file before each save kept as `.bak`; only at the end with `every: "end"` (PULUMI_SKIP_CHECKPOINTS=true). The
 * file holds the state the harness keeps, secrets sealed; a preview writes nothing, nor does an unchanged job's step.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { isDynamicType } from "../harness/language-host/state";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "secrets");
const PASSWORDS = { deploy: "Ckpt-deploy-7d21", release: "Ckpt-release-c0e9" };

interface SavedResource {
  urn: string;
  type: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

function savedResources(file: string): SavedResource[] {
  const doc = JSON.parse(fs.readFileSync(file, "utf8")) as { checkpoint: { latest: { resources: SavedResource[] } } };
  return doc.checkpoint.latest.resources;
}

const jobs = (rs: SavedResource[]) => rs.filter((r) => isDynamicType(r.type)).length;

describe("the state saved as a DIY backend saves it", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkpoint-"));
    file = path.join(dir, ".pulumi", "stacks", "secrets", "dev.json");
    ({ server, cli } = await startStack(PROJECT, { checkpoint: { file, every: "step" } }));
    cli.setConfig("deployPassword", PASSWORDS.deploy, { secret: true });
    cli.setConfig("releaseToken", PASSWORDS.release, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a preview writes nothing", async () => {
    expect((await cli.preview()).ok).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(cli.checkpoint?.figures.saves).toBe(0);
  });

  it("up of three jobs saves around each create and at the end; the file is the state, secrets sealed", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.filter((s) => s.op === "create")).toHaveLength(3);
    expect(cli.checkpoint?.figures.saves).toBe(2 * 3 + 1);
    const text = fs.readFileSync(file, "utf8");
    expect(cli.checkpoint?.figures.lastBytes).toBe(Buffer.byteLength(text));
    expect(savedResources(file).map((r) => r.urn)).toEqual(cli.state.resources.map((r) => r.urn));
    expect(savedResources(file).map((r) => r.outputs)).toEqual(cli.state.resources.map((r) => r.outputs));
    for (const p of Object.values(PASSWORDS)) expect(text).not.toContain(p);
    // The save before the last, at the end of the last create: the three jobs were in it.
    expect(jobs(savedResources(`${file}.bak`))).toBe(3);
  });

  it("an up that changes nothing saves once, at its end", async () => {
    const before = cli.checkpoint!.figures.saves;
    const up = await cli.up();
    expect(up.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(cli.checkpoint?.figures.saves).toBe(before + 1);
    expect(jobs(savedResources(file))).toBe(3);
  });

  it("saving at the end only (PULUMI_SKIP_CHECKPOINTS=true), an up that updates a job saves once", async () => {
    cli.checkpoint!.every = "end";
    cli.setConfig("deployPassword", "Ckpt-deploy-second-5a0b", { secret: true });
    const before = cli.checkpoint!.figures.saves;
    const up = await cli.up();
    expect(up.steps.filter((s) => s.op !== "same").map((s) => s.op)).toEqual(["update"]);
    expect(cli.checkpoint?.figures.saves).toBe(before + 1);
    expect(fs.readFileSync(file, "utf8")).not.toContain("Ckpt-deploy-second-5a0b");
  });
});
