/**
 * `hudson.util.Secret` fields over HTTP: stored encrypted with the server's own key, the same text on every read of
 * one value, a new text for a value set anew, a text of this key kept on POST, legacy GET showing the posted
 * plaintext until the next save.
 */
import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, start, XML } from "./helpers";

const BLOB = /^\{AQAAABAAAA[A-Za-z0-9+/]+={0,2}\}$/;

function passwordJob(value: string): string {
  return `<?xml version="1.1" encoding="UTF-8"?>
<project>
  <description>has a password</description>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.PasswordParameterDefinition>
          <name>TOKEN</name>
          <description>deploy token</description>
          <defaultValue>${value}</defaultValue>
        </hudson.model.PasswordParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <builders><hudson.tasks.Shell><command>echo hi</command></hudson.tasks.Shell></builders>
</project>`;
}

function folderWithCredentials(password: string, secret: string): string {
  return `<?xml version="1.1" encoding="UTF-8"?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.1012.v79a_86a_1ea_c1f">
  <properties>
    <com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty>
      <domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">
        <entry>
          <com.cloudbees.plugins.credentials.domains.Domain><specifications/></com.cloudbees.plugins.credentials.domains.Domain>
          <java.util.concurrent.CopyOnWriteArrayList>
            <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
              <id>deployer</id><description></description><username>deploy</username>
              <password>${password}</password>
            </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
            <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
              <id>token</id><description></description>
              <secret>${secret}</secret>
            </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
          </java.util.concurrent.CopyOnWriteArrayList>
        </entry>
      </domainCredentialsMap>
    </com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty>
  </properties>
</com.cloudbees.hudson.plugins.folder.Folder>`;
}

function fieldTexts(xml: string, field: string): string[] {
  return [...xml.matchAll(new RegExp(`<${field}>([^<]*)</${field}>`, "g"))].map((m) => m[1]);
}

async function getConfig(server: JenkinsServer, job: string): Promise<string> {
  const a = await call(server, `/job/${job}/config.xml`, { auth: adminToken });
  expect(a.status).toBe(200);
  return a.body;
}

async function postConfig(server: JenkinsServer, job: string, xml: string): Promise<void> {
  const a = await call(server, `/job/${job}/config.xml`, { method: "POST", auth: adminToken, headers: XML, body: xml });
  expect(a.status).toBe(200);
}

async function setDescription(server: JenkinsServer, job: string, text: string): Promise<void> {
  const a = await call(server, `/job/${job}/description`, {
    method: "POST",
    auth: adminToken,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `description=${encodeURIComponent(text)}`,
  });
  expect(a.status).toBe(204);
}

describe("Secret fields, current mode", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ mode: "current" });
  });
  afterAll(() => server.close());

  test("a posted plaintext reads back encrypted at once, the same text on every read, decrypting to the value", async () => {
    await createJob(server, "pw", passwordJob("hunter2"));
    const first = fieldTexts(await getConfig(server, "pw"), "defaultValue");
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(BLOB);
    expect(first[0].startsWith("{AQAAABAAAA")).toBe(true);
    expect(server.decryptSecret(first[0])).toBe("hunter2");
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual(first);
    // A save for another reason keeps the value's text.
    await setDescription(server, "pw", "changed");
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual(first);
    expect(server.jobConfigOnDisk("pw")).toContain(first[0]);
    expect(server.jobConfigOnDisk("pw")).not.toContain("hunter2");
  });

  test("the same plaintext set anew gets a new text; its own text posted back is kept as that value", async () => {
    const before = fieldTexts(await getConfig(server, "pw"), "defaultValue")[0];
    await postConfig(server, "pw", passwordJob("hunter2"));
    const after = fieldTexts(await getConfig(server, "pw"), "defaultValue")[0];
    expect(after).toMatch(BLOB);
    expect(after).not.toBe(before);
    expect(server.decryptSecret(after)).toBe("hunter2");
    await postConfig(server, "pw", passwordJob(after));
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual([after]);
  });

  test("a text that looks encrypted but is not of this key is taken as plaintext", async () => {
    const foreign = "{AQAAABAAAAAQvyF4c2FpVTl0cG9Bh3oSiZ6YyYhO8r5v0yF3cHDxXkk=}";
    await postConfig(server, "pw", passwordJob(foreign));
    const text = fieldTexts(await getConfig(server, "pw"), "defaultValue")[0];
    expect(text).not.toBe(foreign);
    expect(server.decryptSecret(text)).toBe(foreign);
  });

  test("a restart keeps the key: the same text, still decrypting", async () => {
    const before = fieldTexts(await getConfig(server, "pw"), "defaultValue")[0];
    await server.restart();
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual([before]);
    expect(server.decryptSecret(before)).toBeDefined();
  });

  test("plugin fields: folder credentials' password and secret text", async () => {
    await createJob(server, "creds", folderWithCredentials("s3cret", "t0ken"));
    const xml = await getConfig(server, "creds");
    const [password] = fieldTexts(xml, "password");
    const [secret] = fieldTexts(xml, "secret");
    expect(password).toMatch(BLOB);
    expect(secret).toMatch(BLOB);
    expect(server.decryptSecret(password)).toBe("s3cret");
    expect(server.decryptSecret(secret)).toBe("t0ken");
    expect(xml).toContain("<username>deploy</username>");
  });

  test("fields of other classes are left alone, even when named like a Secret field", async () => {
    const xml = passwordJob("hunter2").replace(
      "<builders>",
      "<builders><hudson.plugins.Other><password>plain</password></hudson.plugins.Other>",
    );
    await createJob(server, "other", xml);
    expect(fieldTexts(await getConfig(server, "other"), "password")).toEqual(["plain"]);
  });
});

describe("Secret fields, legacy mode", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ mode: "legacy" });
  });
  afterAll(() => server.close());

  test("GET shows the posted plaintext until the next save, then the encrypted text, stable from then on", async () => {
    await createJob(server, "pw", passwordJob("hunter2"));
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual(["hunter2"]);
    await postConfig(server, "pw", passwordJob("hunter3"));
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual(["hunter3"]);
    await setDescription(server, "pw", "saved");
    const [text] = fieldTexts(await getConfig(server, "pw"), "defaultValue");
    expect(text).toMatch(BLOB);
    expect(server.decryptSecret(text)).toBe("hunter3");
    await setDescription(server, "pw", "saved again");
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual([text]);
  });

  test("its own text posted back is kept: the next save writes the same text", async () => {
    const [text] = fieldTexts(await getConfig(server, "pw"), "defaultValue");
    await postConfig(server, "pw", passwordJob(text));
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual([text]);
    await setDescription(server, "pw", "saved once more");
    expect(fieldTexts(await getConfig(server, "pw"), "defaultValue")).toEqual([text]);
  });
});
