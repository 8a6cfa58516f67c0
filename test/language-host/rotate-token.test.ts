/**
 * Rotating the API token of a stack, through the language host. `refresh` and `destroy` configure the provider
 * from the config stored in the state at the last `up` (as the engine does), so after the old token is revoked a
 * refresh with only `pulumi config set` fails, naming the 401; the new token reaches it through
 * `JENKINS_API_TOKEN` (which wins over the stored `jenkins:apiToken`), or after an `up` stores the new config.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { ADMIN } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "many-jobs");
const NEW_TOKEN = "11a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5";

describe("rotating the API token", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(PROJECT));
    cli.setConfig("count", 2);
    expect((await cli.up()).ok).toBe(true);
    // The old token is revoked in Jenkins; a new one is made.
    server.users.find((u) => u.name === ADMIN.name)!.apiToken = NEW_TOKEN;
    cli.setConfig("jenkins:apiToken", NEW_TOKEN, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refresh uses the token stored at the last up, so the new one in the config alone is not used", async () => {
    server.resetCounters();
    const refresh = await cli.refresh();
    expect(refresh.ok).toBe(false);
    expect(refresh.errors[0].message).toMatch(/Jenkins job "service-\d".*credentials were rejected \(HTTP 401/);
    expect(server.requests.every((r) => r.status === 401)).toBe(true);
  });

  it("takes the new token from JENKINS_API_TOKEN, which wins over the stored one, for refresh", async () => {
    cli.setEnv("JENKINS_API_TOKEN", NEW_TOKEN);
    server.resetCounters();
    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, errors: refresh.errors }).toEqual({ ok: true, errors: [] });
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((r) => r.status === 200 && r.viaToken)).toBe(true);
    cli.setEnv("JENKINS_API_TOKEN", undefined);
  });

  it("uses the new token from the config once an up has stored it, for refresh and destroy", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.steps.every((s) => s.op === "same")).toBe(true);
    expect((await cli.refresh()).ok).toBe(true);
    server.resetCounters();
    const destroy = await cli.destroy();
    expect({ ok: destroy.ok, errors: destroy.errors }).toEqual({ ok: true, errors: [] });
    expect(server.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/job/service-2/doDelete",
      "/job/service-1/doDelete",
    ]);
  });
});
