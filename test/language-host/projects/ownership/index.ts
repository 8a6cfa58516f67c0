/**
 * Jobs named by the stack config, so two stacks of this project can declare the same job or different ones:
 * `ownership:jobs` (comma-separated names, at the root), `ownership:adopt`, `ownership:takeOverFrom`,
 * `ownership:retain` (names declared with `retainOnDelete`), `ownership:letGo` (names declared with `letGo: true`), `ownership:edit` (names declared with
 * `ownership:note` added to their description and `ownership:step` as their script's shell step, `make` unless
 * set), `ownership:disabled` (names declared disabled), and `ownership:folder` with `ownership:folderJobs` (a folder this
 * stack declares, or only names, with `ownership:declareFolder` = "false", and jobs in it), `ownership:folderViews`
 * (list views in it) and `ownership:folderCredentials` (secret-text credentials in its store).
 */
import * as pulumi from "@pulumi/pulumi";
import { Credential, Job, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const list = (key: string) => (config.get(key) ?? "").split(",").filter((n) => n !== "");
const edit = new Set(list("edit"));
const scriptOf = (name: string) => `node {\n  sh '${(edit.has(name) && config.get("step")) || "make"}'\n}\n`;
const noteOf = (name: string) => (edit.has(name) ? (config.get("note") ?? "") : "");
const script = scriptOf("");
const retain = new Set(list("retain"));
const disabled = new Set(list("disabled"));
const letGo = new Set(list("letGo"));
const takeOverFrom = config.get("takeOverFrom");
const adopt = config.getBoolean("adopt");

for (const name of list("jobs")) {
  new Job(
    name,
    {
      name,
      pipeline: { script: scriptOf(name) },
      description: `Job ${name}${noteOf(name)}`,
      adopt,
      takeOverFrom,
      ...(disabled.has(name) ? { enabled: false } : {}),
      ...(letGo.has(name) ? { letGo: true } : {}),
    },
    { retainOnDelete: retain.has(name) },
  );
}

const folderName = config.get("folder");
if (folderName !== undefined) {
  const folder =
    (config.getBoolean("declareFolder") ?? true)
      ? new Job(folderName, { name: folderName, folderSpec: {}, description: `Folder ${folderName}` }).fullName
      : folderName;
  for (const name of list("folderJobs")) {
    new Job(`${folderName}-${name}`, { name, folder, pipeline: { script } });
  }
  for (const name of list("folderViews")) {
    new View(`${folderName}-view-${name}`, { name, folder, listView: { includeRegex: ".*" } });
  }
  for (const id of list("folderCredentials")) {
    new Credential(`${folderName}-credential-${id}`, {
      id,
      folder,
      secretText: { secret: pulumi.secret(`token-of-${id}`) },
    });
  }
}
