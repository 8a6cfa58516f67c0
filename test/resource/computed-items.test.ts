/**
 * Layer 1: a Job never takes a branch job of a multibranch project, whether declared new or adopted: Jenkins has no
 * createItem there, and the error says that Jenkins computes those jobs instead of "the folder does not exist".
 * Nothing on the server changes.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { renderMultibranch } from "../../provider/specs";
import { JenkinsUser } from "../harness/jenkins-user";
import { FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";
import { ADMIN, startServer, tokenConfig } from "../harness/test-server";
import { checked } from "./lifecycle-calls";

const REPO = "https://git.example.com/team/app.git";

describe("Jobs inside a multibranch project", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer("current", { repositories: { [REPO]: ["main"] } });
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    const config = tokenConfig(server);
    await lifecycle.configure({ config: { get: (k: string) => config[k] } });
    await user.createJob("app", renderMultibranch({ sources: [{ type: "git", remote: REPO }] }));
  });
  afterAll(async () => {
    await closeClients();
    await server?.close();
  });

  it.each([
    ["a new job", { name: "extra", folder: "app", configXml: FREESTYLE_XML }],
    ["the adoption of a branch job", { name: "main", folder: "app", configXml: PIPELINE_XML, adopt: true }],
  ])("%s is refused with what to do instead; nothing changes", async (_label, inputs) => {
    const before = server.jobConfigOnDisk("app/main");
    const news = await checked(inputs);
    const err = (await lifecycle.create(news).catch((e: unknown) => e)) as Error;
    expect(err.name).toBe("ComputedItemError");
    expect(err.message).toBe(
      `Jenkins job "app/${inputs.name}" cannot be declared: "app" is a multibranch project (or organization folder), ` +
        "whose items Jenkins creates, disables and deletes by itself from its branch sources. Declare the project " +
        "(the Job's `multibranch` input) and let its branch indexing make the branch jobs; remove this Job from the " +
        "program. (Jenkins answered 404.)",
    );
    expect(server.jobConfigOnDisk("app/main")).toBe(before);
    expect(server.jobConfigOnDisk("app/extra")).toBeUndefined();
  });

  it("a job in a folder that does not exist still gets the not-found error", async () => {
    const news = await checked({ name: "x", folder: "nowhere", configXml: FREESTYLE_XML });
    const err = (await lifecycle.create(news).catch((e: unknown) => e)) as Error;
    expect(err.name).not.toBe("ComputedItemError");
    expect(err.message).toContain("nowhere");
  });
});
