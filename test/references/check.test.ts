/**
 * The credentials reference check of jobs, through the Job lifecycle's check (layer 1) against the server over
 * HTTP: an id found in the job's folder or in the system store passes; one found nowhere fails naming the job, the
 * id, the stores searched and the closest ids; an id declared by a Credential of the program passes before it
 * exists; an unknown id is not checked; `jenkins:credentialsCheck` relaxes it; each store is listed once.
 */
import * as credentials from "../../provider/credential/lifecycle";
import { UNKNOWN, type Props } from "../../provider/dynamic/props";
import * as jobs from "../../provider/resource/lifecycle";
import type { JenkinsServer } from "../../provider/server";
import { secretText, usernamePassword } from "../harness/credential-configs";
import { folder } from "../harness/job-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, startServer, tokenConfig } from "../harness/test-server";
import { READER } from "../harness/users";

let server: JenkinsServer;
let user: JenkinsUser;

const listings = (): string[] =>
  server.requests.map((r) => `${r.method} ${r.path}`).filter((c) => c.includes("/credentials/store/"));

async function configure(extra: Record<string, string> = {}): Promise<void> {
  const config: Record<string, string> = { ...tokenConfig(server), ...extra };
  const source = { config: { get: (k: string) => config[k] } };
  await jobs.configure(source);
  await credentials.configure(source);
}

const pipelineFromGit = (name: string, credentialsId: string, parent = "team/apps"): Props => ({
  name,
  folder: parent,
  pipeline: { scm: { url: "git@example.com:api.git", credentialsId } },
});

async function failuresOf(inputs: Props): Promise<string[]> {
  return ((await jobs.check({}, inputs)).failures ?? []).map((f) => f.reason);
}

beforeAll(async () => {
  server = await startServer("current");
  user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  await user.createJob("team", folder());
  await user.createJob("team/apps", folder());
  await user.addCredential("team", secretText({ id: "deploy-key", secret: "s" }));
  await user.addCredential(undefined, usernamePassword({ id: "github-bot", username: "bot", password: "p" }));
  await user.addDomain(undefined, "prod");
  await user.addCredential(undefined, secretText({ id: "system-domain-key", secret: "s" }), "prod");
});
afterAll(async () => {
  await server.close();
});

describe("with jenkins:credentialsCheck at its default (error)", () => {
  beforeAll(() => configure());

  test("ids in a folder above the job and in the system store pass; each store is listed once per run", async () => {
    server.resetCounters();
    expect(await failuresOf(pipelineFromGit("api", "deploy-key"))).toEqual([]);
    expect(await failuresOf(pipelineFromGit("web", "github-bot"))).toEqual([]);
    expect(listings().sort()).toEqual([
      "GET /credentials/store/system/api/json",
      "GET /job/team/credentials/store/folder/api/json",
      "GET /job/team/job/apps/credentials/store/folder/api/json",
    ]);
  });

  test("an id only in a named domain of a folder's store passes; still one request per store, every domain in it", async () => {
    const spec =
      "<com.cloudbees.plugins.credentials.domains.HostnameSpecification><includes>git.example.com</includes><excludes></excludes></com.cloudbees.plugins.credentials.domains.HostnameSpecification>";
    await user.createJob("squad", folder());
    await user.addDomain("squad", "git-hosts", spec);
    await user.addDomain("squad", "empty");
    await user.addCredential("squad", secretText({ id: "git-hosts-key", secret: "s" }), "git-hosts");
    server.resetCounters();
    expect(await failuresOf(pipelineFromGit("svc", "git-hosts-key", "squad"))).toEqual([]);
    expect(await failuresOf(pipelineFromGit("svc2", "system-domain-key", "squad"))).toEqual([]);
    const [reason] = await failuresOf(pipelineFromGit("svc3", "git-host-key", "squad"));
    expect(reason).toContain('names credential "git-host-key" (closest existing: "git-hosts-key")');
    expect(reason).toContain('searched folder "squad", then the system store (every domain of each)');
    // The system store was listed earlier in the run (its listing is kept); the new folder's store once.
    expect(listings()).toEqual(["GET /job/squad/credentials/store/folder/api/json"]);
    expect(server.requests.filter((r) => r.path.includes("/credentials/store/")).map((r) => r.query)).toEqual([
      "tree=domains[credentials[id]]",
    ]);
  });

  test("an id found nowhere fails naming the job, the id, the stores searched innermost first and the closest ids", async () => {
    server.resetCounters();
    const [reason] = await failuresOf(pipelineFromGit("api", "deploy-kye"));
    expect(reason).toContain(
      'Jenkins job "team/apps/api" names credential "deploy-kye" (closest existing: "deploy-key")',
    );
    expect(reason).toContain('searched folder "team/apps", then folder "team", then the system store (every domain');
    expect(reason).toContain("credential.credentialId");
    expect(reason).toContain('set jenkins:credentialsCheck to "warn"');
    expect(listings()).toEqual([]); // listed once for the run
  });

  test("a credential of a sibling folder is not in scope", async () => {
    await user.createJob("other", folder());
    await user.addCredential("other", secretText({ id: "other-token", secret: "s" }));
    const [reason] = await failuresOf(pipelineFromGit("api", "other-token"));
    expect(reason).toMatch(/names credential "other-token" .*exists nowhere in its scope/);
  });

  test("an id declared by a Credential of the program passes before it exists; an unknown id is not checked", async () => {
    expect(
      (await credentials.check({}, { credentialId: "new-token", folder: "team", secretText: {}, secretValues: ["x"] }))
        .failures ?? [],
    ).toEqual([]);
    expect(await failuresOf(pipelineFromGit("api", "new-token"))).toEqual([]);
    expect(await failuresOf(pipelineFromGit("api", UNKNOWN))).toEqual([]);
  });

  test("a job in a folder made in the same run sees the stores above it; configXml is checked too", async () => {
    const xml = `<project><scm class="hudson.plugins.git.GitSCM"><userRemoteConfigs><hudson.plugins.git.UserRemoteConfig><url>u</url><credentialsId>github-bot</credentialsId></hudson.plugins.git.UserRemoteConfig><hudson.plugins.git.UserRemoteConfig><url>v</url><credentialsId>nope</credentialsId></hudson.plugins.git.UserRemoteConfig></userRemoteConfigs></scm></project>`;
    const [reason] = await failuresOf({ name: "build", folder: "team/new", configXml: xml });
    expect(reason).toContain('Jenkins job "team/new/build" names credential "nope"');
    expect(reason).toContain('searched folder "team/new", then folder "team", then the system store');
  });

  test("an unchanged config is not checked again (a plan with no change sends nothing)", async () => {
    const first = await jobs.check({}, pipelineFromGit("api", "deploy-key"));
    server.resetCounters();
    const again = await jobs.check({ ...(first.inputs as Props) }, pipelineFromGit("api", "deploy-key"));
    expect(again.failures ?? []).toEqual([]);
    expect(listings()).toEqual([]);
  });
});

describe("a user who may not view credentials", () => {
  afterAll(() => configure());

  test("gets one warning per run that the stores could not be read, and the preview goes ahead", async () => {
    await configure({ "jenkins:user": READER.name, "jenkins:apiToken": READER.apiToken });
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await failuresOf(pipelineFromGit("api", "anything-at-all"))).toEqual([]);
      expect(await failuresOf(pipelineFromGit("web", "another-one"))).toEqual([]); // the same stores: said once
    } finally {
      spy.mockRestore();
    }
    const warnings = written.filter((w) => w.includes("credentials check"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      'the credentials check of Jenkins job "team/apps/api" (and of any job that looks there) could not read ' +
        'folder "team/apps" (the user may not view its credentials (Credentials/View)), folder "team" (',
    );
    expect(warnings[0]).toContain("the system store (the user may not view its credentials");
    expect(warnings[0]).not.toContain(READER.apiToken);
  });
});

describe("jenkins:credentialsCheck relaxes it", () => {
  afterAll(() => configure());

  test("warn lets the preview go ahead; off sends nothing; another value is refused by name", async () => {
    await configure({ "jenkins:credentialsCheck": "warn" });
    expect(await failuresOf(pipelineFromGit("api", "missing-one"))).toEqual([]);
    await configure({ "jenkins:credentialsCheck": "off" });
    server.resetCounters();
    expect(await failuresOf(pipelineFromGit("api", "missing-two", "elsewhere"))).toEqual([]);
    expect(listings()).toEqual([]);
    await configure({ "jenkins:credentialsCheck": "strict" });
    expect(await failuresOf(pipelineFromGit("api", "x"))).toEqual([
      'jenkins:credentialsCheck must be "error", "warn" or "off" (got "strict").',
    ]);
  });
});
