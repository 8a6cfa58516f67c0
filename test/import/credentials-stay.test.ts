/**
 * Importing a controller whose jobs name credentials, through the language host. Its jobs name a credential of the
 * system store and one of their folder's own store. By default the import declares jobs and folders and no
 * credential: the generated program names no secret config key, its first `up` writes only each item's mark of
 * ownership (no credential POST, no createItem that creates, a folder's credentials kept), the preview after it is clean, and the reference check
 * still verifies against Jenkins the ids a job names when it changes. With `--credentials` the import declares both credentials,
 * and the README says that adopting writes the secrets over Jenkins's before any `pulumi config set --secret` line.
 */
import { markedOver, markWrites } from "./mark-writes";
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { renderFreestyle, renderPipeline } from "../../provider/specs";
import { runBin } from "../harness/bin";
import { secretText, storePath, usernamePassword } from "../harness/credential-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { folder, FREESTYLE_XML } from "../harness/job-configs";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer } from "../harness/test-server";

const PROPERTY = "FolderCredentialsProvider_-FolderCredentialsProperty";
const SECRETS = { bot: "Bot-Pw-31c", deploy: "Deploy-Token-7e2" };
const ITEMS = ["team", "team/api", "team/deploy", "tools"];
const isCredentialsCall = (p: string): boolean => p.includes("/credentials/store/");

/** Every request but reads and a createItem refused because the item exists (adoption tries to create first). */
function writes(server: JenkinsServer): string[] {
  return server.requests
    .filter((r) => r.method !== "GET" && r.method !== "HEAD")
    .filter((r) => !(r.path.endsWith("/createItem") && r.status === 400))
    .map((r) => `${r.method} ${r.path} → ${r.status}`);
}

const changes = (steps: Array<{ op: string; urn: string }>): string[] =>
  steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`);

describe("an import leaves the credentials in Jenkins unless asked, and its adoption writes only marks of ownership", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let out: string;
  let withCredentials: string;
  let cli: PulumiCli;
  const env = () => cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
  /** What Jenkins holds: every item's config and the system store, byte for byte. */
  const held = (): string[] => [
    ...ITEMS.map((i) => server.jobConfigOnDisk(i) ?? `${i} missing`),
    fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8"),
  ];

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await user.createJob("team", folder({ description: "team" }));
    await user.addCredential("team", secretText({ id: "deploy-token", secret: SECRETS.deploy }));
    await user.addCredential(undefined, usernamePassword({ id: "git-bot", username: "bot", password: SECRETS.bot }));
    // One job names the system store's credential, one its folder's; one names none.
    await user.createJob(
      "team/api",
      renderPipeline({ scm: { url: "https://git.example.com/api.git", credentialsId: "git-bot" } }),
    );
    await user.createJob(
      "team/deploy",
      renderFreestyle({
        scm: { url: "https://git.example.com/deploy.git", credentialsId: "deploy-token" },
        steps: [{ shell: "make deploy" }],
      }),
    );
    await user.createJob("tools", FREESTYLE_XML);
    // Inside the checkout, so the program resolves @pulumi/pulumi and pulumi-jenkins-jobs as an installed project
    // does (dist/ is neither compiled nor searched for tests).
    fs.mkdirSync(path.join(repoRoot, "dist"), { recursive: true });
    out = fs.mkdtempSync(path.join(repoRoot, "dist", "import-kept-"));
    withCredentials = fs.mkdtempSync(path.join(repoRoot, "dist", "import-declared-"));
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of [out, withCredentials]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("by default declares the jobs and folders, no credential and no secret config key, reading no credential", async () => {
    expect(server.jobConfigOnDisk("team")).toContain(PROPERTY);
    server.resetCounters();
    const res = await runBin(["import", "--out", out, "--project", "kept", "--force"], env());
    expect({ code: res.code, wrote: /Wrote (\d+) items/.exec(res.stderr)?.[1] }).toEqual({ code: 0, wrote: "4" });
    expect(res.stderr).not.toContain("Declared");
    expect(server.requests.filter((r) => r.method !== "GET" || isCredentialsCall(r.path))).toEqual([]);
    const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect([...index.matchAll(/^(?:const \w+ = )?new (\w+)\("([^"]+)"/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      "Job team",
      "Job team/api",
      "Job team/deploy",
      "Job tools",
    ]);
    expect(index).not.toMatch(/Credential\(|@pulumi\/pulumi|pulumi\.Config|Secret\(/);
    // The only secret the README has set is the connection's token.
    expect(readme.match(/pulumi config set --secret \S+/g)).toEqual(["pulumi config set --secret jenkins:apiToken"]);
    expect(readme).toContain("This program declares no credential: they stay in Jenkins as they are.");
    for (const f of fs.readdirSync(out, { recursive: true, encoding: "utf8" }))
      if (f.endsWith(".xml"))
        expect([f, fs.readFileSync(path.join(out, f), "utf8").includes(PROPERTY)]).toEqual([f, false]);

    // Run as the examples of this checkout run: `pulumi-jenkins-jobs` resolves to the checkout.
    fs.rmSync(path.join(out, "package.json"));
    fs.writeFileSync(
      path.join(out, "tsconfig.json"),
      JSON.stringify({ extends: path.relative(out, path.join(repoRoot, "tsconfig.json")), files: ["index.ts"] }),
    );
    cli = new PulumiCli(out, { env: cleanEnv(), stack: "adopt" })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
  });

  // An operation of the language host starts the program and the provider; on a busy 2-core machine that alone can
  // take tens of seconds.
  const OPERATION_MS = 120_000;

  it(
    "up adopts every item and writes only each item's mark of ownership",
    async () => {
      const before = held();
      server.resetCounters();
      const up = await cli.up();
      expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
      expect(up.steps.map((s) => `${s.op} ${s.urn.split("::").pop()}`).sort()).toEqual(ITEMS.map((i) => `create ${i}`));
      // Each adoption tried a create that Jenkins refused, then wrote the stack's mark of ownership (a folder's in
      // its config.xml, which keeps the folder's credentials), and nothing else.
      const marked = markWrites(writes(server));
      expect(marked).toEqual({ items: [...ITEMS].sort(), views: [], others: [] });
      expect(server.requests.filter((r) => r.method === "POST" && r.status === 400)).toHaveLength(ITEMS.length);
      const after = held();
      for (const [i, item] of ITEMS.entries()) {
        expect({ item, ...markedOver(before[i], after[i]) }).toEqual({ item, same: true, owner: "kept/adopt" });
      }
      expect(await user.credentialIds("team")).toEqual(["deploy-token"]);
    },
    OPERATION_MS,
  );

  it(
    "the preview after it is clean and sends no write",
    async () => {
      server.resetCounters();
      const plan = await cli.preview();
      expect({ ok: plan.ok, changes: changes(plan.steps) }).toEqual({ ok: true, changes: [] });
      expect(writes(server)).toEqual([]);
    },
    OPERATION_MS,
  );

  it("with --credentials declares both, and the README warns before any `pulumi config set --secret` line", async () => {
    // The items carry the mark of the stack that adopted them above: --owner names it, taking them in again.
    const res = await runBin(
      ["import", "--out", withCredentials, "--project", "declared", "--credentials", "--owner", "kept/adopt"],
      env(),
    );
    expect({ code: res.code, declared: /Declared (\d+) credentials/.exec(res.stderr)?.[1] }).toEqual({
      code: 0,
      declared: "2",
    });
    const index = fs.readFileSync(path.join(withCredentials, "index.ts"), "utf8");
    expect(index.match(/^new Credential\(.*\);$/gm)).toEqual([
      'new Credential("system/git-bot", { id: "git-bot", usernamePassword: { username: "bot", password: config.requireSecret("system-git-bot-password") }, adopt: true });',
      'new Credential("team/deploy-token", { id: "deploy-token", folder: team.fullName, secretText: { secret: config.requireSecret("team-deploy-token-secret") }, adopt: true });',
    ]);
    const readme = fs.readFileSync(path.join(withCredentials, "README.md"), "utf8");
    const warning = readme.indexOf("**Adopting the credentials writes the secrets set in the stack config over");
    expect(warning).toBeGreaterThan(0);
    expect(warning).toBeLessThan(readme.indexOf("pulumi config set --secret"));
    expect(readme).toMatch(/^pulumi config set --secret system-git-bot-password '<value>'/m);
    expect(readme).toMatch(/^pulumi config set --secret team-deploy-token-secret '<value>'/m);
  });

  it(
    "the reference check verifies the ids a changed job names: one gone from Jenkins fails the preview",
    async () => {
      const gone = await user.request("POST", `${storePath("team")}credential/deploy-token/doDelete`);
      expect(gone.status).toBeLessThan(400);
      expect(await user.credentialIds("team")).toEqual([]);
      // The job's build step changes (in index.ts as a typed spec, or in its config file).
      const file = [path.join(out, "index.ts"), path.join(out, "jobs", "team", "deploy.xml")].find(
        (f) => fs.existsSync(f) && fs.readFileSync(f, "utf8").includes("make deploy"),
      ) as string;
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("make deploy", "make deploy-all"));
      server.resetCounters();
      const plan = await cli.preview();
      expect(plan.ok).toBe(false);
      expect(plan.errors.map((e) => e.urn.split("::").pop())).toEqual(["team/deploy"]);
      expect(plan.errors[0].message).toContain('names credential "deploy-token"');
      expect(writes(server)).toEqual([]);
    },
    OPERATION_MS,
  );
});
