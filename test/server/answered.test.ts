/**
 * `server.onAnswered`: a listener sees each request once it is answered, with its status and after its change is
 * made (a created job exists when the listener hears of its createItem), until it is removed.
 */
import type { JenkinsServer, RequestRecord } from "../../provider/server";
import { createJob, start } from "./helpers";

let server: JenkinsServer;

beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.close();
});

test("each answered request reaches the listener, the change made, until it is removed", async () => {
  const heard: Array<{ call: string; status: number; exists: boolean }> = [];
  const stop = server.onAnswered((r: RequestRecord) =>
    heard.push({
      call: `${r.method} ${r.path}`,
      status: r.status,
      exists: server.jobConfigOnDisk("heard") !== undefined,
    }),
  );
  await createJob(server, "heard");
  await expect(createJob(server, "heard")).rejects.toThrow(/400 A job already exists/);
  stop();
  await createJob(server, "not-heard");
  expect(heard.filter((h) => h.call === "POST /createItem")).toEqual([
    { call: "POST /createItem", status: 200, exists: true },
    { call: "POST /createItem", status: 400, exists: true },
  ]);
  expect(heard.some((h) => h.call.includes("not-heard"))).toBe(false);
});
