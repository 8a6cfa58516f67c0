/** A FolderSweep of the folder the stack config names (`sweep-folder:folder`), keeping nothing. */
import * as pulumi from "@pulumi/pulumi";
import { FolderSweep } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const sweep = new FolderSweep("sweep", { folder: config.require("folder"), keep: [], action: "delete" });

export const plan = sweep.plan;
