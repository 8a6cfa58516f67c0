/**
 * The review of a pull request's change to credentials, end to end: a program with credentials in the system store
 * and in a folder's store is deployed through the language host; the pull request changes a login's description and
 * username, rotates a token, gives a token a new id (a replace), removes one, adds an SSH key and moves the folder
 * (its credential follows). `pulumi preview --json` (written as the CLI writes it) goes to `pulumi-jenkins review`,
 * run as the installed command runs, and no secret value reaches the digest or the report.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { findLeaks, secretForms } from "../harness/secrets";
import { reviewReport } from "../harness/bin";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "review-credentials");

const SECRET = {
  registryPassword: "reg-Pa55-first-61b2",
  githubToken: "ghp-review-token-0d4e",
  npmToken: "npm-first-token-7a90",
  legacyToken: "legacy-token-value-2c5f",
  teamToken: "team-token-value-93aa",
};
const NEW_NPM_TOKEN = "npm-second-token-e3c1";
const DEPLOY_KEY_BODY = "b3BlbnNzaC1rZXktdjEAAAAAreview-5b7d";
const DEPLOY_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----\n${DEPLOY_KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n`;
const PASSPHRASE = "key-passphrase-48f0";
const ALL_SECRETS = [...Object.values(SECRET), NEW_NPM_TOKEN, DEPLOY_KEY, DEPLOY_KEY_BODY, PASSPHRASE];

describe("a pull request's change to credentials, previewed with --json and reviewed", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;
  let dir: string;
  let json: string;
  let report: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "review-credentials-"));
    ({ server, cli } = await startStack(PROJECT));
    for (const [key, value] of Object.entries(SECRET))
      cli.setConfig(`review-credentials:${key}`, value, { secret: true });
    const up = await cli.up();
    expect(up.errors).toEqual([]);
    expect(up.ok).toBe(true);
    cli
      .setConfig("review-credentials:registryDescription", "Docker registry, read-only")
      .setConfig("review-credentials:registryUser", "ci-ro")
      .setConfig("review-credentials:githubTokenId", "github-token-v2")
      .setConfig("review-credentials:npmToken", NEW_NPM_TOKEN, { secret: true })
      .setConfig("review-credentials:withLegacy", "false")
      .setConfig("review-credentials:withDeployKey", "true")
      .setConfig("review-credentials:deployKey", DEPLOY_KEY, { secret: true })
      .setConfig("review-credentials:deployKeyPassphrase", PASSPHRASE, { secret: true })
      .setConfig("review-credentials:moved", "true");
    const preview = await cli.previewJson();
    expect(preview.result.errors).toEqual([]);
    expect(preview.result.ok).toBe(true);
    json = preview.json;
    writeFileSync(path.join(dir, "preview.json"), json);
    report = reviewReport(path.join(dir, "preview.json"));
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("plans what the pull request says: one credential of each kind of change", () => {
    const digest = JSON.parse(json) as { steps: Array<{ op: string; urn: string }> };
    const changes = digest.steps
      .filter((s) => s.op !== "same")
      .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
      .sort();
    expect(changes).toEqual([
      "create deploy-key",
      "delete legacy-token",
      "replace github-token",
      "update build",
      "update npm-token",
      "update registry",
      "update team",
      "update team-token",
    ]);
  });

  it("counts credentials, puts the deleted and replaced ones first, the followed folder on one line", () => {
    process.stdout.write(`${report}\n`);
    expect(report).toContain("| Credential | 1 | 3 | 1 | 1 |");
    const destructive = report.indexOf("### Destructive changes (2)");
    expect(destructive).toBeGreaterThan(0);
    expect(report).toContain(
      "- **delete** credential `system/_/legacy-token` " +
        `<${server.url}credentials/store/system/domain/_/credential/legacy-token/>: ` +
        "jobs naming `legacy-token` fail their builds until it exists again",
    );
    expect(report).toContain(
      "- **replace** credential `system/_/github-token` → `system/_/github-token-v2` " +
        `<${server.url}credentials/store/system/domain/_/credential/github-token-v2/> because \`credentialId\` changes: ` +
        "`github-token-v2` takes the place of `github-token`; jobs naming `github-token` fail their builds until " +
        "they name the new id",
    );
    expect(report).toContain(
      "- `team/folder/_/team-token` → `org/team/folder/_/team-token` (credential follows its folder)",
    );
    expect(report.indexOf("### Moves and renames")).toBeGreaterThan(destructive);
  });

  it("shows changed fields as old → new, a rotated secret as changed, a new credential without its secrets", () => {
    const registry = report.slice(report.indexOf("#### credential `system/_/registry`"));
    expect(registry).toContain('- `description`: `"Docker registry"` → `"Docker registry, read-only"`');
    expect(registry).toContain('- `usernamePassword.username`: `"ci"` → `"ci-ro"`');
    const npm = report.slice(report.indexOf("#### credential `system/_/npm-token`"));
    expect(npm).toMatch(
      /^#### credential `system\/_\/npm-token` <[^>]+>\n\n- `secretValues`: changed \(a secret: its value is never shown\)\n/,
    );
    const created = report.slice(report.indexOf("### New (1)"));
    expect(created).toContain("<details><summary>credential <code>system/_/deploy-key</code>");
    for (const line of [
      'credentialId: "deploy-key"',
      'description: "Pushes release tags"',
      "secretVersion: (set; its value is never shown)",
      "secretValues: (set; a secret: its value is never shown)",
      '  username: "git"',
    ])
      expect(created).toContain(line);
  });

  it("holds no secret value, in the digest or in either format of the report", () => {
    const forms = secretForms("ci", ALL_SECRETS);
    const text = reviewReport(path.join(dir, "preview.json"), "--format", "text", "--max-chars", "0");
    expect([
      ...findLeaks("preview --json", json, forms),
      ...findLeaks("review", report, forms),
      ...findLeaks("review --format text", text, forms),
    ]).toEqual([]);
    expect(report).not.toContain("2026-11");
    expect(report).not.toContain("[secret]");
  });
});
