/**
 * The shared-library step's identifier completion over HTTP (LibraryStep.DescriptorImpl.doAutoCompleteIdentifier):
 * the libraries of the folder chain and the global ones, sorted and filtered by prefix; empty without
 * Item/ExtendedRead; 404 for a missing item or without the plugin.
 */
import type { JenkinsServer } from "../../provider/server";
import { folderLibraryNames } from "../../provider/server/libraries";
import { adminToken, call, createJob, PIPELINE, readerToken, start, XML } from "./helpers";

const STEP = "descriptorByName/org.jenkinsci.plugins.workflow.libs.LibraryStep/autoCompleteIdentifier";

function folderWithLibraries(...names: string[]): string {
  const libraries = names
    .map(
      (name) => `        <org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>
          <name>${name}</name>
          <retriever class="org.jenkinsci.plugins.workflow.libs.SCMSourceRetriever">
            <clone>false</clone>
            <scm class="jenkins.plugins.git.GitSCMSource" plugin="git@5.10.0">
              <remote>https://git.example.com/${name}.git</remote>
            </scm>
          </retriever>
          <implicit>false</implicit>
          <allowVersionOverride>true</allowVersionOverride>
          <includeInChangesets>true</includeInChangesets>
        </org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>`,
    )
    .join("\n");
  return `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.1079.vc0975c2de294">
  <description/>
  <properties>
    <org.jenkinsci.plugins.workflow.libs.FolderLibraries plugin="pipeline-groovy-lib@787.ve2fef0efdca_6">
      <libraries>
${libraries}
      </libraries>
    </org.jenkinsci.plugins.workflow.libs.FolderLibraries>
  </properties>
</com.cloudbees.hudson.plugins.folder.Folder>
`;
}

const names = (body: string): string[] =>
  (JSON.parse(body) as { suggestions: Array<{ name: string }> }).suggestions.map((s) => s.name);

describe("shared library identifiers", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({ globalLibraries: ["shared", "deploy-lib"] });
    await createJob(server, "team", folderWithLibraries("team-lib", "zeta"));
    await createJob(server, "team/apps", folderWithLibraries("apps-lib"));
    await createJob(server, "team/apps/api", PIPELINE);
    await createJob(server, "plain", folderWithLibraries());
  });
  afterAll(() => server.close());

  it("reads the names of a folder's FolderLibraries property", () => {
    expect(folderLibraryNames(folderWithLibraries("a", "b"))).toEqual(["a", "b"]);
    expect(folderLibraryNames("<com.cloudbees.hudson.plugins.folder.Folder/>")).toEqual([]);
    expect(folderLibraryNames("not xml")).toEqual([]);
  });

  it("lists the folder chain's libraries and the global ones, sorted, in the plugin's JSON form", async () => {
    const a = await call(server, `/job/team/job/apps/${STEP}?value=`, { auth: adminToken });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({
      _class: "hudson.search.Search$Result",
      suggestions: [
        { name: "apps-lib" },
        { name: "deploy-lib" },
        { name: "shared" },
        { name: "team-lib" },
        { name: "zeta" },
      ],
    });
    // A job's URL answers for its folder: the nearest item group on the path.
    const job = await call(server, `/job/team/job/apps/job/api/${STEP}?value=`, { auth: adminToken });
    expect(names(job.body)).toEqual(["apps-lib", "deploy-lib", "shared", "team-lib", "zeta"]);
  });

  it("filters by prefix, case-sensitively", async () => {
    const a = await call(server, `/job/team/${STEP}?value=t`, { auth: adminToken });
    expect(names(a.body)).toEqual(["team-lib"]);
    const upper = await call(server, `/job/team/${STEP}?value=T`, { auth: adminToken });
    expect(names(upper.body)).toEqual([]);
  });

  it("lists only the global libraries at the root", async () => {
    const a = await call(server, `/${STEP}?value=`, { auth: adminToken });
    expect(names(a.body)).toEqual(["deploy-lib", "shared"]);
  });

  it("follows a folder whose libraries change", async () => {
    const a = await call(server, "/job/plain/config.xml", {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: folderWithLibraries("fresh"),
    });
    expect(a.status).toBe(200);
    expect(names((await call(server, `/job/plain/${STEP}?value=fr`, { auth: adminToken })).body)).toEqual(["fresh"]);
  });

  it("answers an empty list without Item/ExtendedRead, and 404 for a missing item", async () => {
    const reader = await call(server, `/job/team/${STEP}?value=`, { auth: readerToken });
    expect(reader.status).toBe(200);
    expect(names(reader.body)).toEqual([]);
    expect((await call(server, `/job/nope/${STEP}?value=`, { auth: adminToken })).status).toBe(404);
    expect((await call(server, `/${STEP}?value=`)).status).toBe(403);
  });

  it("lists them to a reader granted Item/ExtendedRead", async () => {
    const granted = await start({
      globalLibraries: ["shared"],
      users: [
        { name: "admin", password: "admin", permissions: "admin" },
        { name: "auditor", password: "pw", permissions: "read", grants: ["hudson.model.Item.ExtendedRead"] },
      ],
    });
    try {
      const a = await call(granted, `/${STEP}?value=`, { auth: "auditor:pw" });
      expect(names(a.body)).toEqual(["shared"]);
    } finally {
      await granted.close();
    }
  });

  it("is not found without the shared-library plugin", async () => {
    const bare = await start({ disabledPlugins: ["pipeline-groovy-lib"], globalLibraries: ["shared"] });
    try {
      expect((await call(bare, `/${STEP}?value=`, { auth: adminToken })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
