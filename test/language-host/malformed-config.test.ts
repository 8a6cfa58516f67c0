/**
 * A malformed config.xml through the language host: the preview fails with one error giving the line and column
 * and a few lines around them (with a caret), not the whole config, and names no failing property (the engine
 * would print that property's whole value before the message). Nothing is sent to Jenkins.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "reviewable");

describe("a malformed config.xml", () => {
  let server: JenkinsServer;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, cli } = await startStack(PROJECT));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("fails the preview with the line, the column and three lines of context", async () => {
    const filler = Array.from({ length: 300 }, (_, i) => `  <property${i}>value ${i}</property${i}>`);
    const xml = [
      "<project>",
      ...filler,
      "  <builders>",
      "    <hudson.tasks.Shell>",
      "      <command>make test && make package</command>",
      "    </hudson.tasks.Shell>",
      "  </builders>",
      "</project>",
    ].join("\n");
    cli.setConfig("configXml", xml);
    const preview = await cli.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors).toHaveLength(1);
    const { message } = preview.errors[0];
    process.stdout.write(`${message}\n`);
    expect(message).toMatch(/^configXml is not well-formed XML: .* at line 304, column 26\.\n/);
    expect(message.split("\n")).toEqual([
      expect.any(String),
      "302 |   <builders>",
      "303 |     <hudson.tasks.Shell>",
      "304 |       <command>make test && make package</command>",
      `    | ${" ".repeat(25)}^`,
    ]);
    expect(message).not.toContain("property12");
    expect(server.requests).toEqual([]);
  });
});
