/**
 * The import's credentials, declared when asked for (`--credentials`): the folders' (read from their configs) and the
 * system store's (read through the REST API) written as adopting `Credential`s whose secrets come from stack config
 * keys the README names, after its warning that adopting writes them over Jenkins's; folder configs written without
 * their credentials, no secret read or written. Not asked for, none is declared and no secret config key named.
 * Then, end to end: the import command against the server, the generated program run through the mock engine with
 * every resource forwarded to the provider process.
 */
import { readMark, withMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { generateProgram } from "../../provider/import";
import { runBin } from "../harness/bin";
import { startConfiguredProvider } from "../harness/configured-provider";
import { secretFile, secretText, sshKey, usernamePassword } from "../harness/credential-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { folder, FREESTYLE_XML } from "../harness/job-configs";
import { MockEngine } from "../harness/mock-engine";
import { ProviderProcess, repoRoot } from "../harness/provider-process";
import { findLeaks, secretForms } from "../harness/secrets";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer } from "../harness/test-server";
import { programFrom, typeCheck } from "./run-program";

const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
const GITHUB_APP = "org.jenkinsci.plugins.github_branch_source.GitHubAppCredentials";
const enc = (n: number): string => `{AQAAABAAAAAQ${"x".repeat(n)}=}`;

/** A folder's config holding credentials as Jenkins saves them (secrets encrypted). */
function folderWith(domains: Array<{ name?: string; credentials: string[] }>): string {
  const entries = domains
    .map(
      (d) =>
        `<entry><com.cloudbees.plugins.credentials.domains.Domain>${d.name ? `<name>${d.name}</name>` : ""}<specifications/></com.cloudbees.plugins.credentials.domains.Domain><java.util.concurrent.CopyOnWriteArrayList>${d.credentials.join("")}</java.util.concurrent.CopyOnWriteArrayList></entry>`,
    )
    .join("");
  return folder({ description: "team" }).replace(
    "<properties/>",
    `<properties><${PROPERTY}><domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">${entries}</domainCredentialsMap></${PROPERTY}></properties>`,
  );
}

describe("the import's credentials, as program text", () => {
  const teamXml = folderWith([
    {
      credentials: [
        secretText({ id: "token", description: "API token", secret: enc(4) }),
        usernamePassword({ id: "deployer", username: "deploy", password: enc(5) }),
        sshKey({ id: "key", username: "git", privateKey: enc(6), passphrase: enc(7) }),
        secretFile({ id: "kubeconfig", fileName: "kubeconfig", content: "x" }).replace(
          /<secretBytes>[^<]*/,
          `<secretBytes>${enc(8)}`,
        ),
        `<${GITHUB_APP} plugin="github-branch-source@1967.vdea_d580c1a_b_a_"><id>app</id><description>The \`bot\` \${app}</description><appID>1234</appID><privateKey>${enc(9)}</privateKey><owner>acme</owner></${GITHUB_APP}>`,
      ],
    },
    { name: "prod", credentials: [secretText({ id: "token", secret: enc(10) })] },
  ]);
  // As the REST API shows a system credential: secrets redacted.
  const systemXml = `<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl plugin="credentials@1491"><scope>SYSTEM</scope><id>git-bot</id><description></description><username>bot</username><password><secret-redacted/></password><usernameSecret>false</usernameSecret></com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>`;
  const input = {
    items: [
      { fullName: "team", configXml: teamXml },
      { fullName: "team/api", configXml: FREESTYLE_XML },
    ],
    sourceUrl: "http://jenkins.example.com/",
    credentials: [
      {
        folder: "",
        domain: "_",
        xml: (jest.requireActual("../../provider/xml/tree") as typeof import("../../provider/xml/tree")).parseXml(
          systemXml,
        ).root,
      },
    ],
  };
  const program = generateProgram({ ...input, declareCredentials: true });
  const index = program.files.get("index.ts") as string;
  const readme = program.files.get("README.md") as string;

  it("by default declares none: no Credential, no secret config key, and the folder's config the same", () => {
    const kept = generateProgram(input);
    const keptIndex = kept.files.get("index.ts") as string;
    const keptReadme = kept.files.get("README.md") as string;
    expect({ credentials: kept.credentials, secretKeys: kept.secretKeys }).toEqual({ credentials: [], secretKeys: [] });
    expect(keptIndex).not.toMatch(/Credential\(|@pulumi\/pulumi|pulumi\.Config|Secret\(|config set/);
    expect(keptIndex).toContain('new Job("team", {');
    expect(keptReadme.match(/pulumi config set --secret \S+/g)).toEqual([
      "pulumi config set --secret jenkins:apiToken",
    ]);
    expect(keptReadme).toContain("import again with `--credentials`");
    // The folder is declared as with --credentials: without its credentials, which stay Jenkins's.
    const folderOf = (text: string): string =>
      text.slice(text.indexOf('new Job("team"'), text.indexOf('new Job("team/api"'));
    expect(folderOf(keptIndex)).toBe(folderOf(index));
    expect(folderOf(keptIndex)).toMatch(/^new Job\("team", \{ name: "team", /);
    expect(kept.files.get("jobs/team.xml")).toBe(program.files.get("jobs/team.xml"));
  });

  it("declares each credential with adopt: true, its secrets read from named config keys", () => {
    expect(index).toContain('import * as pulumi from "@pulumi/pulumi";');
    expect(index).toContain('import { Job, Credential } from "pulumi-jenkins-jobs";');
    expect(index).toContain("const config = new pulumi.Config();");
    expect(index).toContain('const team = new Job("team", {');
    const lines = index.split("\n").filter((l) => l.startsWith("new Credential("));
    expect(lines).toEqual([
      'new Credential("system/git-bot", { id: "git-bot", scope: "SYSTEM", usernamePassword: { username: "bot", password: config.requireSecret("system-git-bot-password") }, adopt: true });',
      'new Credential("team/token", { id: "token", folder: team.fullName, description: "API token", secretText: { secret: config.requireSecret("team-token-secret") }, adopt: true });',
      'new Credential("team/deployer", { id: "deployer", folder: team.fullName, usernamePassword: { username: "deploy", password: config.requireSecret("team-deployer-password") }, adopt: true });',
      'new Credential("team/key", { id: "key", folder: team.fullName, sshPrivateKey: { username: "git", privateKey: config.requireSecret("team-key-private-key"), passphrase: config.getSecret("team-key-passphrase") }, adopt: true });',
      'new Credential("team/kubeconfig", { id: "kubeconfig", folder: team.fullName, secretFile: { fileName: "kubeconfig", content: config.requireSecret("team-kubeconfig-content") }, adopt: true });',
      expect.stringMatching(
        /^new Credential\("team\/app", \{ id: "app", folder: team\.fullName, description: "The `bot` \$\{app\}", configXml: pulumi\.interpolate`/,
      ),
      'new Credential("team/prod/token", { id: "token", folder: team.fullName, domain: "prod", secretText: { secret: config.requireSecret("team-prod-token-secret") }, adopt: true });',
    ]);
    // Any other type: its XML, each secret a config read; text that would end the template is escaped.
    const app = index.slice(index.indexOf('new Credential("team/app"'));
    expect(app).toContain('<privateKey>${config.requireSecret("team-app-private-key")}</privateKey>');
    expect(app).toContain("<description>The \\`bot\\` \\${app}</description>");
    expect(app).toContain("<appID>1234</appID>");
    expect(app).not.toContain("plugin=");
  });

  it("the README says adopting writes the secrets over Jenkins's, above every `pulumi config set --secret` line", () => {
    const warning = readme.indexOf(
      "**Adopting the credentials writes the secrets set in the stack config over the ones Jenkins holds.**",
    );
    expect(warning).toBeGreaterThan(0);
    expect(warning).toBeLessThan(readme.indexOf("pulumi config set --secret"));
    expect(readme).toContain("`index.ts` declares 7 credentials; the first `pulumi up`");
  });

  it("the README lists one `pulumi config set --secret` line per secret", () => {
    expect(program.secretKeys.map((k) => k.key)).toEqual([
      "system-git-bot-password",
      "team-token-secret",
      "team-deployer-password",
      "team-key-private-key",
      "team-key-passphrase",
      "team-kubeconfig-content",
      "team-app-private-key",
      "team-prod-token-secret",
    ]);
    for (const k of program.secretKeys) expect(readme).toContain(`pulumi config set --secret ${k.key} '<value>'`);
    expect(readme).toContain(`# passphrase of the credential "key" in team (only if it has one)`);
    expect(readme).toContain(`# secret of the credential "token" in team (domain prod)`);
  });

  it("the folder is written without its credentials, and no encrypted secret is written anywhere", () => {
    expect(program.files.get("jobs/team.xml") ?? index).not.toContain(PROPERTY);
    for (const [name, text] of program.files) expect([name, /\{AQAAAB/.test(text)]).toEqual([name, false]);
    expect(program.credentials).toEqual([
      "system/_/git-bot",
      "team/_/token",
      "team/_/deployer",
      "team/_/key",
      "team/_/kubeconfig",
      "team/_/app",
      "team/prod/token",
    ]);
  });

  it("type-checks against the package's declarations", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-credentials-"));
    try {
      for (const [name, text] of program.files) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
      expect(typeCheck(dir, repoRoot)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("importing credentials, then adopting them (end to end)", () => {
  const SECRETS = {
    token: "Team-Token-81f",
    password: "Deploy-Pw-2c7",
    key: "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAAkey\n-----END OPENSSH PRIVATE KEY-----",
    passphrase: "Pass-Phrase-4d",
    file: "apiVersion: v1\nkind: Config\n",
    bot: "Bot-Pw-9e3",
    release: "Release-Token-6a1",
  };
  let server: JenkinsServer;
  let user: JenkinsUser;
  let out: string;
  let proc: ProviderProcess;

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await user.createJob("team", folder({ description: "team" }));
    await user.createJob("team/api", FREESTYLE_XML);
    await user.addCredential("team", secretText({ id: "token", secret: SECRETS.token }));
    await user.addCredential(
      "team",
      usernamePassword({ id: "deployer", username: "deploy", password: SECRETS.password }),
    );
    await user.addCredential(
      "team",
      sshKey({ id: "key", username: "git", privateKey: SECRETS.key, passphrase: SECRETS.passphrase }),
    );
    await user.addCredential("team", secretFile({ id: "kubeconfig", fileName: "kubeconfig", content: SECRETS.file }));
    await user.addCredential(undefined, usernamePassword({ id: "git-bot", username: "bot", password: SECRETS.bot }));
    const domain = await user.request(
      "POST",
      "credentials/store/system/createDomain",
      "<com.cloudbees.plugins.credentials.domains.Domain><name>prod</name><specifications/></com.cloudbees.plugins.credentials.domains.Domain>",
      "application/xml",
    );
    expect(domain.status).toBe(200);
    await user.addCredential(undefined, secretText({ id: "release", secret: SECRETS.release }), "prod");
    out = fs.mkdtempSync(path.join(os.tmpdir(), "import-credentials-out-"));
    proc = await startConfiguredProvider(server, { cwd: out });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it("the import reads no secret and names a config key for each", async () => {
    server.resetCounters();
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const res = await runBin(["import", "--out", out, "--project", "imported", "--credentials"], env);
    expect({
      code: res.code,
      declared: /Declared (\d+) credentials; set their (\d+) secrets/.exec(res.stderr)?.slice(1),
    }).toEqual({
      code: 0,
      declared: ["6", "7"],
    });
    expect(server.requests.every((r) => r.method === "GET")).toBe(true);
    const index = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    expect(index).toContain(
      'new Credential("system/prod/release", { id: "release", domain: "prod", secretText: { secret: config.requireSecret("system-prod-release-secret") }, adopt: true });',
    );
    const written = fs
      .readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), "utf8"))
      .join("\n");
    expect(findLeaks("import", written, secretForms("", Object.values(SECRETS)))).toEqual([]);
    expect(written).not.toMatch(/\{AQAAAB/);
  });

  it("up adopts the jobs without changing them and the credentials with the secrets from config; then no changes", async () => {
    const config: Record<string, string> = {
      "imported:system-git-bot-password": SECRETS.bot,
      "imported:system-prod-release-secret": SECRETS.release,
      "imported:team-token-secret": SECRETS.token,
      "imported:team-deployer-password": SECRETS.password,
      "imported:team-key-private-key": SECRETS.key,
      "imported:team-key-passphrase": SECRETS.passphrase,
      "imported:team-kubeconfig-content": SECRETS.file,
    };
    const before = server.jobConfigOnDisk("team/api");
    const engine = new MockEngine(proc, { project: "imported", stack: "adopt" });
    server.resetCounters();
    const up = await engine.up(programFrom(out), { config });
    expect(up.steps.filter((s) => s.op !== "create")).toEqual([]);
    // The jobs: only the stack's mark of ownership written (a folder's description travels in its config.xml, with
    // what Jenkins owns there kept). The credentials: each adopted credential written once, with the declared secrets.
    const writes = server.requests.filter(
      (r) => r.method !== "GET" && !(/\/createItem$/.test(r.path) && r.status === 400),
    );
    expect(writes.filter((r) => !r.path.includes("/credentials/store/")).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /job/team/config.xml",
      "POST /job/team/job/api/description",
    ]);
    expect(readFields(server.jobConfigOnDisk("team/api") as string).description).toBe(
      withMark(readFields(before as string).description, "imported/adopt"),
    );
    expect(readMark(readFields(server.jobConfigOnDisk("team") as string).description).owner).toBe("imported/adopt");
    expect(await user.credentialIds("team")).toEqual(["token", "deployer", "key", "kubeconfig"]);
    const held = (xml: string): string[] =>
      [...xml.matchAll(/\{AQAAAB[A-Za-z0-9+/=]+\}/g)].map((m) => server.decryptSecret(m[0]) ?? "?");
    expect(held(server.jobConfigOnDisk("team") as string)).toEqual([
      SECRETS.token,
      SECRETS.password,
      SECRETS.key,
      SECRETS.passphrase,
      Buffer.from(SECRETS.file).toString("base64"),
    ]);
    expect(held(fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8"))).toEqual([
      SECRETS.bot,
      SECRETS.release,
    ]);
    expect(await user.credentialIds(undefined, "prod")).toEqual(["release"]);

    server.resetCounters();
    const again = await engine.up(programFrom(out), { preview: true, config });
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    const refreshed = await engine.refresh();
    expect(refreshed.changed.map((c) => c.name)).toEqual([]);
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
