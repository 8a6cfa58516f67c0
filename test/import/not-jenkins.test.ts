/**
 * The import command pointed at a web server that is not a Jenkins says so, before any listing, and writes
 * nothing: a 404 everywhere (a reverse proxy's error page) and a 200 HTML page (a login portal) alike.
 */
import * as fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { runImport } from "../../provider/import";
import { parseCommandLine, type ImportArgs } from "../../provider/import/args";

class Capture {
  text = "";
  readonly isTTY = false;
  write(s: string) {
    this.text += s;
  }
}

/** A plain web server answering every request with `status` and an HTML page; records the paths asked for. */
async function webServer(status: number): Promise<{ url: string; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? "");
    res.writeHead(status, { "content-type": "text/html" });
    res.end("<html><body><h1>Welcome</h1></body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, paths, server };
}

describe.each([404, 200])("pulumi-jenkins import against a web server answering %i", (status) => {
  let web: Awaited<ReturnType<typeof webServer>>;
  let out: string;
  beforeAll(async () => {
    web = await webServer(status);
    out = fs.mkdtempSync(path.join(os.tmpdir(), "import-not-jenkins-"));
  });
  afterAll(async () => {
    await new Promise((resolve) => web?.server.close(resolve));
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it("says the URL is not a Jenkins, asks for /api/json only, and writes nothing", async () => {
    const parsed = parseCommandLine(["import", "--url", web.url, "--out", out, "--quiet"]);
    const args = (parsed as { args: ImportArgs }).args;
    const env = { JENKINS_USER: "admin", JENKINS_API_TOKEN: "11notused" };
    const error = (await runImport(args, { stderr: new Capture(), env }).catch((e: Error) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    const prefix = `Jenkins: cannot import from ${web.url}: it is not a Jenkins (`;
    expect(error.message.slice(0, prefix.length)).toBe(prefix);
    expect(error.message).toMatch(/Check the URL/);
    expect(error.message).not.toMatch(/folder/);
    expect(new Set(web.paths)).toEqual(new Set(["/api/json"]));
    expect(fs.readdirSync(out)).toEqual([]);
  });
});
