/**
 * An import of a controller where some items are managed as code by other stacks: each item's owner is read from
 * the mark its description ends with, over real HTTP. Items of other owners are left out and listed with their
 * owner; `--owner` imports the items that owner marked as its own; `--take-over` declares the others to be handed
 * over. No generated declaration ever carries a mark: the provider writes it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runImport } from "../../provider/import";
import { markLine, withMark } from "../../provider/ownership/mark";
import { renderPipeline } from "../../provider/specs";
import type { JenkinsServer } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { secretText } from "../harness/credential-configs";
import { folder, freestyle } from "../harness/job-configs";
import { ADMIN, startServer } from "../harness/test-server";

class Capture {
  text = "";
  readonly isTTY = false;
  write(s: string) {
    this.text += s;
  }
}

const LIST_VIEW = (description: string) =>
  `<hudson.model.ListView><name>v</name><description>${description}</description><filterExecutors>false</filterExecutors>` +
  `<filterQueue>false</filterQueue><properties class="hudson.model.View$PropertyList"/><jobNames>` +
  `<comparator class="hudson.util.CaseInsensitiveComparator"/></jobNames><jobFilters/><columns/>` +
  `<recurse>false</recurse></hudson.model.ListView>`;

describe("an import knows each item's owner", () => {
  let server: JenkinsServer;
  let out: string;
  const env = () => ({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
  const run = (extra: Partial<Parameters<typeof runImport>[0]> = {}) =>
    runImport(
      { connection: {}, out, concurrency: 4, credentials: false, force: true, quiet: false, ...extra },
      { stderr: stderr, env: env() },
    );
  let stderr: Capture;
  const file = (name: string) => fs.readFileSync(path.join(out, name), "utf8");

  beforeAll(async () => {
    server = await startServer("current");
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    // A folder and a job another stack manages, a job this program's stack marked, a job nobody marked.
    await user.createJob("payments", folder({ description: withMark("Payments team", "payments/prod") }));
    await user.createJob(
      "payments/deploy",
      renderPipeline({ script: "echo deploy" }, { description: markLine("payments/prod") }),
    );
    await user.createJob("site", freestyle({ description: withMark("Builds the site", "web/prod"), command: "make" }));
    await user.createJob("tools", freestyle({ description: "A hand-made job", command: "make tools" }));
    await user.createView("", "v", LIST_VIEW(markLine("payments/prod")));
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-import-owners-"));
    stderr = new Capture();
  });
  afterEach(() => fs.rmSync(out, { recursive: true, force: true }));

  it("leaves out every marked item unless told whose they are, and lists each with its owner", async () => {
    const summary = await run();
    expect(summary.declared).toEqual(["tools"]);
    expect(summary.skipped.map((s) => s.fullName).sort()).toEqual(["payments", "payments/deploy", "site", "v"]);
    const site = summary.skipped.find((s) => s.fullName === "site");
    expect(site?.reason).toMatch(/managed as code by web\/prod; --take-over declares it/);
    expect(site?.reason).toMatch(/--owner <name>/);
    const payments = summary.skipped.find((s) => s.fullName === "payments");
    expect(payments?.reason).toMatch(/managed as code by payments\/prod, with everything in it;/);
    expect(stderr.text).toContain("Items managed as code, by owner: payments/prod 3, web/prod 1");
    const readme = file("README.md");
    expect(readme).toContain("## Owners");
    expect(readme).toContain("- `payments/deploy`: payments/prod");
    expect(readme).toContain("- `site`: web/prod");
    expect(file("index.ts")).toContain("//   site: managed as code by web/prod; --take-over");
  });

  it("imports the items the owner given marked as its own, with their descriptions and no mark", async () => {
    const summary = await run({ owner: "web/prod" });
    expect(summary.declared.sort()).toEqual(["site", "tools"]);
    const index = file("index.ts");
    expect(index).not.toContain("Managed as code");
    // Declared with the typed spec it fits, under the description a person wrote.
    expect(index).toMatch(/new Job\("site", \{[^]*?description: "Builds the site",/);
    expect(index).not.toMatch(/takeOver/);
    expect(stderr.text).toContain("web/prod 1 (--owner)");
  });

  it("declares other owners' items to be handed over when asked to take them over", async () => {
    const summary = await run({ owner: "web/prod", takeOver: true });
    expect(summary.declared.sort()).toEqual(["payments", "payments/deploy", "site", "tools"]);
    const index = file("index.ts");
    expect(index).not.toContain("Managed as code");
    expect(index).toMatch(/new Job\("payments\/deploy", \{[^]*?takeOverFrom: "payments\/prod"/);
    expect(index).toMatch(/new View\("v", \{[^]*?takeOverFrom: "payments\/prod"/);
    // The stack's own item is not handed over: it is already its own.
    expect(index).not.toMatch(/new Job\("site", \{[^\n]*takeOver/);
    expect(file("README.md")).toContain("- `payments`: payments/prod (declared to be handed over to this program)");
  });
});

describe("an import knows the owner of each view and credential", () => {
  let server: JenkinsServer;
  let out: string;
  let stderr: Capture;
  const env = () => ({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
  const run = (extra: Partial<Parameters<typeof runImport>[0]> = {}) =>
    runImport(
      { connection: {}, out, concurrency: 4, credentials: true, force: true, quiet: false, ...extra },
      { stderr, env: env() },
    );
  const file = (name: string) => fs.readFileSync(path.join(out, name), "utf8");

  beforeAll(async () => {
    server = await startServer("current");
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    // An unmarked folder holding another stack's view and credential; system credentials of two kinds of owner.
    await user.createJob("team", folder({ description: "Team" }));
    await user.createView("team", "board", LIST_VIEW(withMark("Board", "payments/prod")));
    await user.addCredential(
      "team",
      secretText({ id: "tok", description: withMark("Team token", "payments/prod"), secret: "s1-Team" }),
    );
    await user.addCredential(
      undefined,
      secretText({ id: "sys-owned", description: withMark("System token", "web/prod"), secret: "s2-Sys" }),
    );
    await user.addCredential(undefined, secretText({ id: "plain", description: "By hand", secret: "s3-Plain" }));
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-import-owned-creds-"));
    stderr = new Capture();
  });
  afterEach(() => fs.rmSync(out, { recursive: true, force: true }));

  it("leaves out the views and credentials other owners marked, each listed with its owner", async () => {
    const summary = await run();
    const skipped = new Map(summary.skipped.map((s) => [s.fullName, s.reason]));
    expect(skipped.get("team/board")).toMatch(/^the view is managed as code by payments\/prod; --take-over/);
    expect(skipped.get("team/tok")).toMatch(/^the credential is managed as code by payments\/prod; --take-over/);
    expect(skipped.get("system/sys-owned")).toMatch(/^the credential is managed as code by web\/prod; --take-over/);
    const index = file("index.ts");
    expect(index).toMatch(/new Credential\("system\/plain", \{[^]*?description: "By hand"/);
    expect(index).not.toMatch(/new Credential\("(team\/tok|system\/sys-owned)"/);
    expect(index).not.toMatch(/new View\("team\/board"/);
    expect(stderr.text).toContain("Items managed as code, by owner: payments/prod 2, web/prod 1");
    const readme = file("README.md");
    expect(readme).toContain("- `team/board`: payments/prod");
    expect(readme).toContain("- `system/sys-owned`: web/prod");
    for (const secret of ["s1-Team", "s2-Sys", "s3-Plain"]) {
      expect(index).not.toContain(secret);
      expect(readme).not.toContain(secret);
      expect(stderr.text).not.toContain(secret);
    }
  });

  it("imports an owner's credentials as its own and hands the others over when asked, never with a mark", async () => {
    const own = await run({ owner: "web/prod" });
    expect(own.skipped.map((s) => s.fullName)).not.toContain("system/sys-owned");
    expect(file("index.ts")).toMatch(/new Credential\("system\/sys-owned", \{[^]*?description: "System token",/);
    expect(file("index.ts")).not.toContain("Managed as code");
    expect(file("index.ts")).not.toMatch(/new Credential\("system\/sys-owned", \{[^}]*takeOverFrom/);

    await run({ owner: "web/prod", takeOver: true });
    const index = file("index.ts");
    expect(index).not.toContain("Managed as code");
    expect(index).toMatch(
      /new Credential\("team\/tok", \{[^]*?description: "Team token",[^]*?takeOverFrom: "payments\/prod"/,
    );
    expect(index).toMatch(/new View\("team\/board", \{[^]*?description: "Board"[^]*?takeOverFrom: "payments\/prod"/);
    expect(file("README.md")).toContain("- `team/tok`: payments/prod (declared to be handed over to this program)");
  });
});
