/** The job `web`, plus one more Job resource named `case-clash:extraName` when that is set. */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const extra = new pulumi.Config().get("extraName");
new Job("web", { name: "web", pipeline: { script: "node {\n  sh 'make web'\n}\n" } });
if (extra) new Job("extra", { name: extra, pipeline: { script: "node {\n  sh 'make extra'\n}\n" } });
