/** One job in the folder `apps`, which another stack declares and sweeps: this stack names the folder by its path. */
import { Job } from "pulumi-jenkins-jobs";

new Job("neighbour", { name: "neighbour", folder: "apps", freestyle: { steps: [{ shell: "make neighbour" }] } });
