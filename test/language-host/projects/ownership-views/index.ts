/**
 * Views and credentials named by the stack config, so two stacks of this project can declare the same ones or
 * different ones: `ownership-views:views` (comma-separated names of list views at the root),
 * `ownership-views:credentials` (ids of secret-text credentials in the system store), `ownership-views:adopt`,
 * `ownership-views:takeOverFrom`, `ownership-views:retain` (names and ids declared with `retainOnDelete`), and
 * `ownership-views:letGo` (names and ids declared with `letGo: true`).
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const list = (key: string) => (config.get(key) ?? "").split(",").filter((n) => n !== "");
const retain = new Set(list("retain"));
const letGo = (name: string) => (list("letGo").includes(name) ? { letGo: true } : {});
const takeOverFrom = config.get("takeOverFrom");
const adopt = config.getBoolean("adopt");

for (const name of list("views")) {
  new View(
    `view-${name}`,
    {
      name,
      listView: { includeRegex: `${name}-.*`, description: `View ${name}` },
      adopt,
      takeOverFrom,
      ...letGo(name),
    },
    { retainOnDelete: retain.has(name) },
  );
}

for (const id of list("credentials")) {
  new Credential(
    `credential-${id}`,
    {
      id,
      description: `Credential ${id}`,
      secretText: { secret: pulumi.secret(`token-of-${id}`) },
      adopt,
      takeOverFrom,
      ...letGo(id),
    },
    { retainOnDelete: retain.has(id) },
  );
}
