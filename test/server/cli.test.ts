import { spawn } from "node:child_process";
import * as path from "node:path";
import { parseArgs, parseUser } from "../../provider/server/cli";
import { call } from "./helpers";

describe("npm run jenkins (the CLI)", () => {
  test("parses its options", () => {
    expect(
      parseArgs([
        "--port",
        "0",
        "--data",
        "/tmp/x",
        "--mode",
        "legacy",
        "--user",
        "ann:pw:read",
        "--user",
        "bo:pw2:11abc:admin",
        "--no-csrf",
        "--absolute-redirects",
      ]),
    ).toEqual({
      port: 0,
      dataDir: "/tmp/x",
      mode: "legacy",
      csrf: false,
      pathOnlyRedirects: false,
      users: [
        { name: "ann", password: "pw", apiToken: undefined, permissions: "read" },
        { name: "bo", password: "pw2", apiToken: "11abc", permissions: "admin" },
      ],
    });
    expect(() => parseArgs(["--mode", "weird"])).toThrow("--mode must be current or legacy");
    expect(() => parseArgs(["--bogus"])).toThrow("unknown option --bogus");
    expect(() => parseUser("justaname")).toThrow("--user expects");
  });

  test("starts a server and prints its URL and credentials", async () => {
    const cli = path.resolve(__dirname, "../../provider/server/cli.js");
    const child = spawn(
      process.execPath,
      [cli, "--port", "0", "--user", "ci:secret-pw:11feedfacefeedfacefeedfacefeedface:admin"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let buf = "";
        child.stdout.on("data", (d: Buffer) => {
          buf += d.toString();
          if (buf.includes("Ctrl+C")) resolve(buf);
        });
        child.on("exit", (code) => reject(new Error(`cli exited with ${code}: ${buf}`)));
      });
      const url = /listening at (\S+)/.exec(out)?.[1] as string;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(out).toContain("ci  password: secret-pw  API token: 11feedfacefeedfacefeedfacefeedface  (admin)");
      const a = await call({ url }, "/api/json", { auth: "ci:11feedfacefeedfacefeedfacefeedface" });
      expect(a.status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
