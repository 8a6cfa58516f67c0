/**
 * Language-host layer: every Pulumi project in the repository runs the way `pulumi up` runs it. The program goes
 * through `@pulumi/pulumi/cmd/run` with the language host's flags and environment (ts-node, the project's own
 * Pulumi.yaml `main`), registers with an engine of our own over gRPC, and its jobs reach the real dynamic-provider
 * process started as the engine starts it. Each project: up → preview with no changes → refresh with no drift →
 * preview with no changes → destroy, asserting on what the Jenkins-compatible server holds.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { itemsOnServer, viewsOnServer } from "./server-items";
import { startStack } from "./stack";
import { addCredentials } from "../harness/known-credentials";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

interface ProjectCase {
  dir: string;
  /** What the program declares, as full names on the server. */
  items: string[];
  /** Builds the program triggers on its first `up`. */
  builds?: number;
  /** Secret stack config the program reads (`pulumi config set --secret`). */
  secrets?: Record<string, string>;
  /** Views the program declares (resources besides the jobs). */
  views?: string[];
  /** Credentials the program's jobs name that the controller holds already (made in its system store first). */
  existingCredentials?: string[];
  /** Credentials the program declares (resources besides the jobs), as "store/id" ("system/…" or the folder). */
  credentials?: string[];
}

/** "store/id" of the system store's credentials and those of the folders among `declared` ("folder/id"), sorted. */
async function credentialsOnServer(user: JenkinsUser, declared: string[]): Promise<string[]> {
  const folders = [...new Set(declared.map((d) => d.slice(0, d.lastIndexOf("/"))).filter((f) => f !== "system"))];
  const out = (await user.credentialIds(undefined)).map((id) => `system/${id}`);
  for (const f of folders)
    if (await user.exists(f)) out.push(...(await user.credentialIds(f)).map((id) => `${f}/${id}`));
  return out.sort();
}

const PROJECTS: ProjectCase[] = [
  { dir: ".", items: ["nightly-cleanup", "team", "team/api-build", "team/api-deploy"] },
  { dir: "examples/quickstart", items: ["nightly-cleanup", "team", "team/api-build", "team/api-deploy"] },
  {
    dir: "examples/typed-jobs",
    items: ["web", "web/build", "web/deploy"],
    builds: 1,
    existingCredentials: ["git-read"],
  },
  { dir: "examples/plugin-preflight", items: ["api-build", "nightly"] },
  {
    dir: "examples/real-estate",
    items: ["listings", "listings/listings-import", "listings/portal", "listings/price-index", "listings/publish-feed"],
    secrets: { "real-estate:feedPassword": "Ex-feed-5c2a" },
  },
  { dir: "examples/multibranch", items: ["team", "team/api", "team/app"], existingCredentials: ["github-app"] },
  {
    dir: "examples/credentials",
    items: ["platform", "platform/api", "platform/release"],
    secrets: {
      "credentials:deployKey": "-----BEGIN OPENSSH PRIVATE KEY-----\nZXhhbXBsZQ==\n-----END OPENSSH PRIVATE KEY-----\n",
      "credentials:registryToken": "Ex-registry-31f5",
      "credentials:botPassword": "Ex-bot-9a0c",
    },
    credentials: ["platform/deploy-key", "platform/registry-token", "system/git-bot"],
  },
  {
    dir: "examples/reorganise-folders",
    items: ["apps", "apps/build", "apps/deploy", "apps/lint", "platform", "tools", "tools/scan"],
  },
  {
    dir: "examples/secrets",
    items: ["deploy", "publish"],
    secrets: { "secrets:deployPassword": "Ex-deploy-41d7", "secrets:registryToken": "Ex-registry-8be0" },
  },
  {
    dir: "examples/views",
    items: ["nightly", "team", "team/api", "team/web"],
    views: ["all", "ci", "team/All", "team/apps", "team/web-jobs"],
  },
];

describe.each(PROJECTS)(
  "the project in $dir, run as the Pulumi CLI runs it",
  ({ dir, items, builds = 0, secrets, views, existingCredentials = [], credentials = [] }) => {
    let server: JenkinsServer;
    let user: JenkinsUser;
    let cli: PulumiCli;

    beforeAll(async () => {
      ({ server, user, cli } = await startStack(path.join(repoRoot, dir)));
      for (const [key, value] of Object.entries(secrets ?? {})) cli.setConfig(key, value, { secret: true });
      await addCredentials(user, existingCredentials);
    });
    afterAll(async () => {
      await server?.close();
    });

    it("up creates every job it declares", async () => {
      const up = await cli.up();
      const errors = up.logs.filter((l) => l.severity === "error");
      expect({ ok: up.ok, errors: up.errors, code: up.program?.code, logs: errors }).toEqual({
        ok: true,
        errors: [],
        code: 0,
        logs: [],
      });
      expect(up.steps.filter((s) => s.op !== "create")).toEqual([]);
      // Views are resources too; Jenkins's own default views (`all`, a folder's `All`) are not.
      const declaredViews = (views ?? []).filter((v) => !/(^|\/)all$/i.test(v)).length;
      expect(up.steps).toHaveLength(items.length + builds + declaredViews + credentials.length);
      expect(await itemsOnServer(user)).toEqual(items);
      if (views) expect(await viewsOnServer(user)).toEqual(views);
      expect(await credentialsOnServer(user, credentials)).toEqual(
        [...existingCredentials.map((c) => `system/${c}`), ...credentials].sort(),
      );
      expect(server.builds).toHaveLength(builds);
      expect(Object.keys(up.outputs).length).toBeGreaterThan(0);
    });

    it("a second plan has no changes and sends no request", async () => {
      server.resetCounters();
      const plan = await cli.preview();
      expect(plan.ok).toBe(true);
      expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
      expect(server.requests.filter((r) => !r.path.startsWith("/crumbIssuer"))).toEqual([]);
    });

    it("a refresh finds no drift, and the plan after it has no changes", async () => {
      const refresh = await cli.refresh();
      expect(refresh).toMatchObject(QUIET_REFRESH);
      const plan = await cli.preview();
      expect(plan.steps.filter((s) => s.op !== "same")).toEqual([]);
    });

    it("destroy deletes every job", async () => {
      const destroy = await cli.destroy();
      expect(destroy.errors).toEqual([]);
      expect(await itemsOnServer(user)).toEqual([]);
      if (views) expect(await viewsOnServer(user)).toEqual(["all"]);
      // The controller's own credentials stay; the program's are gone with it.
      expect(await credentialsOnServer(user, [])).toEqual(existingCredentials.map((c) => `system/${c}`));
      expect(cli.state.resources).toEqual([]);
    });
  },
);
