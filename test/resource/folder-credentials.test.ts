/**
 * A folder managed by code whose credentials are added by hand (the folder-credentials rule, owned-parts.ts), through
 * the Job lifecycle in-process (layer 1) against the server over HTTP, in both server modes: no drift, and an update
 * keeps every credential, secrets intact.
 */
import type { JenkinsServer } from "../../provider/server";
import { closeClients } from "../../provider/connection/settings";
import { hideInXml } from "../../provider/resource/secrets/hide";
import { secretText, sshKey } from "../harness/credential-configs";
import { inProcessEngine } from "../harness/in-process";
import { JenkinsUser } from "../harness/jenkins-user";
import { folder } from "../harness/job-configs";
import { findLeaks, secretForms, textOf } from "../harness/secrets";
import { ADMIN, MODES, beyondPreflight, startServer, tokenConfig } from "../harness/test-server";
import type { Engine } from "../harness/engine";

const SECRET = "Folder-Deploy-Token-31x";
const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----";
const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";

/** The plaintexts of the encrypted values in a config, as the server holds them. */
const held = (server: JenkinsServer, xml: string): string[] =>
  [...xml.matchAll(/\{AQAAAB[A-Za-z0-9+/=]+\}/g)].map((m) => server.decryptSecret(m[0]) ?? "?");

describe.each(MODES)("a managed folder keeps the credentials added by hand (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let engine: Engine;

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    engine = await inProcessEngine(tokenConfig(server));
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });

  const cases: Array<[string, (description: string) => Record<string, unknown>]> = [
    ["config XML", (description) => ({ name: "xml-team", configXml: folder({ description }) })],
    ["a typed folderSpec", (description) => ({ name: "typed-team", description, folderSpec: { displayName: "Team" } })],
  ];

  test.each(cases)("declared as %s: no drift, and a new description keeps every credential", async (_, declare) => {
    const inputs = declare("first");
    const name = inputs.name as string;
    const urn = `urn:pulumi:dev::p::jenkins:index:Job::${name}`;
    expect(await engine.up(urn, inputs)).toBe(true);
    await user.addCredential(name, secretText({ id: "deploy-token", secret: SECRET }));
    await user.addCredential(name, sshKey({ id: "deploy-key", username: "git", privateKey: KEY, passphrase: "pp-9" }));
    // refresh + diff: the folder's credentials are not drift, and a refresh records nothing of them.
    expect(await engine.inSync(urn)).toBe(true);
    const refreshed = await engine.read(urn);
    expect(refreshed?.after?.outputs).toEqual(refreshed?.before.outputs);

    server.resetCounters();
    expect(await engine.up(urn, declare("second"))).toBe(true);
    expect(engine.failures).toEqual([]);
    expect(beyondPreflight(server).filter((c) => !c.startsWith("GET /crumbIssuer"))).toEqual([
      `GET /job/${name}/config.xml`,
      `POST /job/${name}/config.xml`,
    ]);
    const stored = server.jobConfigOnDisk(name) as string;
    expect(stored).toContain("<description>second</description>");
    expect(await user.credentialIds(name)).toEqual(["deploy-token", "deploy-key"]);
    expect(held(server, stored)).toEqual([SECRET, KEY, "pp-9"]);
    expect(await engine.inSync(urn)).toBe(true);
    // Nothing of the credentials reached the state or anything the engine was shown.
    const seen = textOf([...engine.state.values(), ...engine.seen]);
    expect(findLeaks("engine", seen, secretForms("", [SECRET, KEY, "pp-9"]))).toEqual([]);
    expect(seen).not.toContain(PROPERTY);
  });

  test("a folder that declares the property manages its credentials: one deleted by hand is drift", async () => {
    const declared = folder({ description: "owned" }).replace(
      "<properties/>",
      `<properties><${PROPERTY}><domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash"><entry><com.cloudbees.plugins.credentials.domains.Domain><specifications/></com.cloudbees.plugins.credentials.domains.Domain><java.util.concurrent.CopyOnWriteArrayList>${secretText({ id: "declared", secret: SECRET })}</java.util.concurrent.CopyOnWriteArrayList></entry></domainCredentialsMap></${PROPERTY}></properties>`,
    );
    const urn = "urn:pulumi:dev::p::jenkins:index:Job::declaring";
    // As the Job class declares it: the secret moved into the encrypted input.
    const hidden = hideInXml(declared);
    await engine.up(urn, { name: "declaring", configXml: hidden.value, secretValues: hidden.values });
    expect(engine.failures).toEqual([]);
    expect(await user.credentialIds("declaring")).toEqual(["declared"]);
    expect(await engine.inSync(urn)).toBe(true);
    const del = await user.request(
      "DELETE",
      "job/declaring/credentials/store/folder/domain/_/credential/declared/config.xml",
    );
    expect(del.status).toBe(200);
    expect(await engine.inSync(urn)).toBe(false);
  });
});
