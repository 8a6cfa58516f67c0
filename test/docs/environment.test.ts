/**
 * Every environment variable and controller field the connection code reads is documented: the stack-wide variables
 * in the configuration table of docs/guide/first-stack.md, each named controller's variables and fields in
 * docs/guide/controllers.md. The names come from the code (CONFIG_KEYS, controllerKeyNames), so a field added
 * there and not to the guides fails here.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { controllerKeyNames } from "../../provider/connection/controllers";
import { CONFIG_KEYS, resolveConnection, type ConfigKey } from "../../provider/connection/settings";
import { repoRoot } from "./markdown";

const page = (name: string) => readFileSync(path.join(repoRoot, "docs", "guide", name), "utf8");
const KEYS = Object.keys(CONFIG_KEYS) as ConfigKey[];

test("first-stack.md's configuration table names every stack-wide variable the provider reads", () => {
  const table = page("first-stack.md").split("## Configuration")[1].split("\n## ")[0];
  const variables = [...KEYS.map((k) => CONFIG_KEYS[k].env).filter((v) => v !== undefined), "JENKINS_LOG_REQUESTS"];
  expect(variables.filter((v) => !table.includes(`\`${v}\``))).toEqual([]);
});

test("controllers.md names every field of a controller and the variable of each", () => {
  const text = page("controllers.md");
  const names = controllerKeyNames("ci2");
  // The variables as the page abbreviates them after the first: `_USER`, `_CA_CERT`, …
  const suffixes = KEYS.map((k) => names[k].env!.slice("JENKINS_CONTROLLER_CI2".length));
  expect(suffixes).toEqual(expect.arrayContaining(["_CA_CERT", "_INSECURE_SKIP_TLS_VERIFY"]));
  expect(suffixes.filter((s) => !text.includes(`\`${s}\``) && !text.includes(`<NAME>${s}\``))).toEqual([]);
  expect([...KEYS, "runnableCheck"].filter((k) => !text.includes(`\`${k}\``))).toEqual([]);
});

test("a controller's CA and TLS settings are read from its variables, as controllers.md says", () => {
  const names = controllerKeyNames("ci2");
  const settings = resolveConnection(
    { url: "https://ci2.example.com/", user: "deployer", apiToken: "t" },
    { JENKINS_CONTROLLER_CI2_INSECURE_SKIP_TLS_VERIFY: "true", JENKINS_CONTROLLER_CI2_MAX_CONNECTIONS: "3" },
    names,
  );
  expect({ insecure: settings.insecureSkipTlsVerify, max: settings.maxConnections }).toEqual({
    insecure: true,
    max: 3,
  });
});
