/**
 * The language-host harness runs provider plugins as the engine does, shown with a small plugin of its own
 * (test/language-host/plugins/kv, package `kv`) and a program declaring its resources through
 * `pulumi.CustomResource` (test/language-host/projects/kv-plugin): the plugin started from the folder the project's
 * `packages:` names, through `@pulumi/pulumi/cmd/run-plugin`, with the package's config in `PULUMI_CONFIG`; the
 * default provider configured with that config (secrets kept secret) and recorded in the state; an explicit
 * provider resource configured with its own inputs; Check → Diff (detailed, shown path by path) → Create/Update;
 * secrets sealed in the state; refresh, import, a move from a dynamic type through an alias, and destroy.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiCli, previewDiff, recordShown, type Shown } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "kv-plugin");
const SECRET = "kv-secret-Qx7vN2pLw9";
const TOKEN = "kv-token-Hj4mR8sTz1";

interface Call {
  m: string;
  urn?: string;
  [k: string]: unknown;
}

describe("a program using a provider plugin's resources, run by the language-host harness", () => {
  let dir: string;
  let file: string;
  let cli: PulumiCli;
  const seen: Shown = [];
  const show = recordShown(seen, () => cli.state);

  const calls = (of: string = file): Call[] =>
    existsSync(`${of}.calls`)
      ? readFileSync(`${of}.calls`, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Call)
      : [];
  const clearCalls = (): void => rmSync(`${file}.calls`, { force: true });
  const entries = (of: string = file): Record<string, { value: string; secret?: string }> =>
    existsSync(of) ? JSON.parse(readFileSync(of, "utf8")) : {};
  const stateText = (): string => JSON.stringify(cli.state);

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kv-plugin-"));
    file = path.join(dir, "entries.json");
    cli = new PulumiCli(PROJECT, { env: cleanEnv() })
      .setConfig("kv:file", file)
      .setConfig("kv:token", TOKEN, { secret: true })
      .setConfig("dynamicFile", file);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes over a state a dynamic provider wrote through an alias: no replacement, no write", async () => {
    cli.setConfig("mode", "dynamic");
    const dyn = show("dynamic up", await cli.up());
    expect(dyn.errors).toEqual([]);
    expect(entries()).toEqual({ app: { value: "one" } });
    const dynamicUrn = "urn:pulumi:dev::kv-plugin::pulumi-nodejs:dynamic:Resource::app";
    expect(cli.state.resources.map((r) => r.urn)).toContain(dynamicUrn);

    cli.removeConfig("mode");
    const plan = show("moved preview", await cli.preview());
    expect(plan.errors).toEqual([]);
    const app = plan.steps.find((s) => s.urn.endsWith("::app"));
    expect(app).toMatchObject({ op: "same", urn: "urn:pulumi:dev::kv-plugin::kv:index:Entry::app" });
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    // The new provider's DiffConfig got the dynamic provider's config (the whole stack config, full keys); Check
    // and Diff got the old state, `__provider` included.
    const log = calls();
    expect(log.find((c) => c.m === "diffConfig")).toMatchObject({
      urn: "urn:pulumi:dev::kv-plugin::pulumi:providers:kv::default",
      olds: ["kv-plugin:dynamicFile", "kv-plugin:mode", "kv:file", "kv:token"],
    });
    expect(log.find((c) => c.m === "diff")).toMatchObject({
      oldKeys: ["__provider", "file", "key", "length", "value"],
    });

    clearCalls();
    const up = show("moved up", await cli.up());
    expect(up.errors).toEqual([]);
    expect(calls().filter((c) => ["create", "update", "delete"].includes(c.m))).toEqual([]);
    expect(cli.state.resources.map((r) => r.urn)).not.toContain(dynamicUrn);
    const moved = cli.state.resources.find((r) => r.urn.endsWith("kv:index:Entry::app"));
    expect(moved?.id).toBe("app");
    expect(moved?.provider).toMatch(/^urn:pulumi:dev::kv-plugin::pulumi:providers:kv::default::[0-9a-f-]{36}$/);
  });

  it("configures the default provider with the package's config and records it in the state", async () => {
    clearCalls();
    await cli.preview();
    const configure = calls().find((c) => c.m === "configure");
    expect(configure).toMatchObject({
      urn: "urn:pulumi:dev::kv-plugin::pulumi:providers:kv::default",
      argKeys: ["file", "token"],
      secretArgs: ["token"],
      varKeys: ["kv:config:file", "kv:config:token"],
      env: ["file", "token"],
      cwd: cli.project.pwd,
    });
    const provider = cli.state.resources.find((r) => r.type === "pulumi:providers:kv");
    expect(provider?.urn).toBe("urn:pulumi:dev::kv-plugin::pulumi:providers:kv::default");
    expect(stateText()).not.toContain(TOKEN);
    expect(calls().find((c) => c.m === "check")).toMatchObject({ name: "app", type: "kv:index:Entry" });
  });

  it("shows exactly the properties the detailed diff lists, and updates in place", async () => {
    cli.setConfig("value", "two").setConfig("tags", ["b", "a"]);
    const plan = show("value preview", await cli.preview());
    const step = plan.steps.find((s) => s.urn.endsWith("::app"));
    expect(step?.op).toBe("update");
    expect(step?.detailedDiff).toEqual({
      value: { kind: "update", inputDiff: false },
      tags: { kind: "add", inputDiff: false },
    });
    expect(previewDiff(step!)).toBe(
      [
        "      + tags : [",
        '              + [0]: "a"',
        '              + [1]: "b"',
        "            ]",
        '      ~ value: "one" => "two"',
      ].join("\n"),
    );
    const { json } = await cli.previewJson();
    const digest = JSON.parse(json) as { steps: Array<{ urn: string; diffReasons?: string[]; provider?: string }> };
    const jsonStep = digest.steps.find((s) => s.urn.endsWith("::app"));
    expect(jsonStep?.diffReasons).toEqual(["value", "tags"]);
    expect(jsonStep?.provider).toMatch(/::pulumi:providers:kv::default::[0-9a-f-]{36}$/);

    clearCalls();
    const up = show("value up", await cli.up());
    expect(up.errors).toEqual([]);
    expect(calls().map((c) => c.m)).toEqual(["diffConfig", "configure", "check", "diff", "update"]);
    expect(entries().app.value).toBe("two");
    const again = await cli.preview();
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("keeps a secret input secret: sent marked, sealed in the state, [secret] in displays", async () => {
    cli.setConfig("secret", SECRET, { secret: true });
    const up = show("secret up", await cli.up());
    expect(up.errors).toEqual([]);
    const step = up.steps.find((s) => s.urn.endsWith("::app"));
    expect(step?.detailedDiff).toEqual({ secret: { kind: "add", inputDiff: false } });
    expect(previewDiff(step!)).toBe('      + secret: "[secret]"');
    expect(calls().find((c) => c.m === "update")).toBeDefined();
    expect(entries().app.secret).toBe(SECRET);
    expect(stateText()).not.toContain(SECRET);
    const app = cli.state.resources.find((r) => r.urn.endsWith("::app"))!;
    expect(app.inputs.secret).toMatchObject({ ciphertext: expect.any(String) });
    expect(app.outputs.secret).toMatchObject({ ciphertext: expect.any(String) });
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("refreshes with the provider from the state: no change, then a deleted entry is gone", async () => {
    const refresh = show("refresh", await cli.refresh());
    expect(refresh).toMatchObject({ ok: true, changed: [], gone: [] });
    const s = entries();
    s.app.value = "edited";
    writeFileSync(file, JSON.stringify(s));
    const drift = await cli.refresh();
    expect(drift.changed.map((c) => [c.urn, c.after.value])).toEqual([
      ["urn:pulumi:dev::kv-plugin::kv:index:Entry::app", "edited"],
    ]);
    const plan = await cli.preview();
    expect(plan.steps.find((s) => s.urn.endsWith("::app"))?.op).toBe("update");
    await cli.up();
    expect(entries().app.value).toBe("two");
  });

  it("imports an existing entry by id alone, which then previews with no change", async () => {
    writeFileSync(file, JSON.stringify({ ...entries(), ext: { value: "outside", tags: ["x"] } }));
    clearCalls();
    const imported = await cli.import("kv:index:Entry", "imported", "ext");
    expect(imported).toMatchObject({ ok: true, warnings: [], inputs: { key: "ext", value: "outside", tags: ["x"] } });
    expect(calls().find((c) => c.m === "read")).toMatchObject({ id: "ext", withState: false });
    expect(calls().filter((c) => ["create", "update", "delete"].includes(c.m))).toEqual([]);
    // The program now declares what the CLI generated for it.
    cli.setConfig("imported", imported.inputs);
    const plan = show("import preview", await cli.preview());
    expect(plan.errors).toEqual([]);
    expect(plan.steps.find((s) => s.urn.endsWith("::imported"))?.op).toBe("same");
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("configures an explicit provider resource with its own inputs and shows it as a step", async () => {
    const explicitFile = path.join(dir, "explicit.json");
    cli.setConfig("explicit", true).setConfig("explicitFile", explicitFile);
    const up = show("explicit up", await cli.up());
    expect(up.errors).toEqual([]);
    expect(up.steps.find((s) => s.urn.endsWith("pulumi:providers:kv::explicit"))?.op).toBe("create");
    expect(entries(explicitFile)).toEqual({ other: { value: "two" } });
    expect(calls(explicitFile).find((c) => c.m === "configure")).toMatchObject({
      urn: "urn:pulumi:dev::kv-plugin::pulumi:providers:kv::explicit",
      argKeys: ["file"],
    });
    const other = cli.state.resources.find((r) => r.urn.endsWith("::other"));
    expect(other?.provider).toMatch(/::pulumi:providers:kv::explicit::[0-9a-f-]{36}$/);
    const plan = await cli.preview();
    expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
  });

  it("stops at a failed Check and names the property", async () => {
    cli.setConfig("imported", { key: "" });
    const plan = await cli.preview();
    expect(plan.errors).toEqual([
      { urn: "urn:pulumi:dev::kv-plugin::kv:index:Entry::imported", message: "key: an entry needs a key" },
    ]);
    cli.removeConfig("imported");
  });

  it("destroys every entry with the providers from the state, and leaves no secret anywhere", async () => {
    const explicitFile = path.join(dir, "explicit.json");
    const down = show("destroy", await cli.destroy());
    expect(down.errors).toEqual([]);
    expect(entries()).toEqual({});
    expect(entries(explicitFile)).toEqual({});
    expect(cli.state.resources).toEqual([]);
    const text = JSON.stringify(seen);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN);
  });
});
