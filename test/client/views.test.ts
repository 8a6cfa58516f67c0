/** View operations of the client over real HTTP: what it sends, what it returns, the typed errors it throws. */
import type { JenkinsServer } from "../../provider/server";
import {
  InvalidConfigError,
  InvalidNameError,
  PermissionError,
  ViewAlreadyExistsError,
  ViewNotFoundError,
} from "../../provider/client";
import { folder } from "../harness/job-configs";
import { caught, readerClient, startServer, tokenClient } from "./helpers";

const LIST = `<hudson.model.ListView><jobNames><string>b</string><string>A</string></jobNames></hudson.model.ListView>`;

let server: JenkinsServer;
let client: ReturnType<typeof tokenClient>;

beforeAll(async () => {
  server = await startServer();
  client = tokenClient(server);
  await client.createJob("team", folder());
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => server.resetCounters());

const sent = () => server.requests.map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""}`);

test("create, read, update and delete a view at the root and in a folder, one request each", async () => {
  for (const f of ["", "team"]) {
    const base = f === "" ? "/" : "/job/team/";
    server.resetCounters();
    await client.createView(f, "my view", LIST);
    const xml = await client.getViewConfig(f, "my view");
    expect(xml).toMatch(/<string>A<\/string>\s*<string>b<\/string>/);
    await client.updateViewConfig(f, "my view", LIST.replace("<string>b</string>", ""));
    expect(await client.getViewConfig(f, "my view")).not.toContain("<string>b</string>");
    await client.deleteView(f, "my view");
    expect(sent().filter((s) => !s.startsWith("GET /crumbIssuer"))).toEqual([
      `POST ${base}createView?name=my%20view`,
      `GET ${base}view/my%20view/config.xml`,
      `POST ${base}view/my%20view/config.xml`,
      `GET ${base}view/my%20view/config.xml`,
      `POST ${base}view/my%20view/doDelete`,
    ]);
  }
});

test("typed errors name the view: not found, already exists, bad XML, bad name, no permission", async () => {
  const missing = await caught(() => client.getViewConfig("team", "nope"));
  expect(missing).toBeInstanceOf(ViewNotFoundError);
  expect(missing.message).toContain('Jenkins view "team/nope"');
  expect(await caught(() => client.deleteView("", "nope"))).toBeInstanceOf(ViewNotFoundError);
  const noFolder = await caught(() => client.createView("absent", "v", LIST));
  expect(noFolder).toBeInstanceOf(ViewNotFoundError);
  expect(noFolder.message).toContain('the folder "absent" does not exist');

  await client.createView("", "dup", LIST);
  const dup = await caught(() => client.createView("", "dup", LIST));
  expect(dup).toBeInstanceOf(ViewAlreadyExistsError);
  expect(dup.message).toContain('Jenkins view "dup"');
  expect(await caught(() => client.updateViewConfig("", "dup", "<no.such.View/>"))).toBeInstanceOf(InvalidConfigError);

  server.resetCounters();
  const bad = await caught(() => client.createView("", "a/b", LIST));
  expect(bad).toBeInstanceOf(InvalidNameError);
  expect(server.requests).toHaveLength(0);

  const reader = readerClient(server);
  try {
    const denied = await caught(() => reader.createView("", "r", LIST));
    expect(denied).toBeInstanceOf(PermissionError);
    expect((denied as PermissionError).requiredPermission).toBe("hudson.model.View.Create");
  } finally {
    await reader.close();
  }
});
