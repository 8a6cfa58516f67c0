/**
 * One job of each typed spec, each keeping 20 of something: `build` (a pipeline), `unit` (a freestyle job), `team`
 * (a folder) and `api` (a multibranch project). With `mode: plugin` they are the jenkins provider plugin's resources,
 * through the stand-in of a generated SDK (../jenkins-sdk); otherwise this package's TypeScript classes.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";
import * as jenkins from "../jenkins-sdk";

const specs = {
  build: {
    name: "build",
    pipeline: {
      script: 'node {\n  stage("Build") {\n    sh "make"\n    sh "make test"\n  }\n}\n',
      buildDiscarder: { numToKeep: 20 },
    },
  },
  unit: {
    name: "unit",
    freestyle: { steps: [{ shell: "make" }, { shell: "make test" }], buildDiscarder: { numToKeep: 20 } },
  },
  team: { name: "team", folderSpec: { displayName: "Team" } },
  api: {
    name: "api",
    multibranch: {
      sources: [{ type: "git", remote: "https://git.example.com/api.git" }],
      orphanedItems: { numToKeep: 20 },
    },
  },
};

const plugin = new pulumi.Config().get("mode") === "plugin";
for (const [name, args] of Object.entries(specs)) {
  if (plugin) new jenkins.Job(name, args);
  else new Job(name, args as ConstructorParameters<typeof Job>[1]);
}
