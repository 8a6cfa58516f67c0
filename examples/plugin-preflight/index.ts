/**
 * Two jobs whose configs need plugins: a freestyle job that checks out a git repository (git) and a Pipeline job
 * (workflow-job, workflow-cps). On a controller without one of them, `pulumi preview` fails before anything is
 * sent, naming the job, the plugin and the fix.
 */
import { Job } from "pulumi-jenkins-jobs";

const api = new Job("api-build", {
  name: "api-build",
  freestyle: {
    scm: { url: "https://git.example.com/team/api.git", branch: "*/main" },
    steps: [{ shell: "make test" }],
  },
  description: "Builds the API from git",
});

const nightly = new Job("nightly", {
  name: "nightly",
  pipeline: { script: "node {\n  sh 'make nightly'\n}\n" },
});

export const urls = [api.url, nightly.url];
