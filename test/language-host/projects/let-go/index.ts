/**
 * A job kept in the program and one the stack lets go: `let-go:retain` sets `retainOnDelete` on `legacy`,
 * `let-go:declareLegacy` = "false" removes it from the program, `let-go:adoptLegacy` declares it again with `adopt`.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const script = "node {\n  sh 'make'\n}\n";

const kept = new Job("kept", { name: "kept", pipeline: { script } });
if (config.getBoolean("declareLegacy") ?? true) {
  new Job(
    "legacy",
    {
      name: "legacy",
      pipeline: { script: "node {\n  sh './legacy.sh'\n}\n" },
      adopt: config.getBoolean("adoptLegacy"),
    },
    { retainOnDelete: config.getBoolean("retain") ?? false },
  );
}

export const keptUrl = kept.url;
