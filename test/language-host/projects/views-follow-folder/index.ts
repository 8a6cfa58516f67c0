/**
 * A team folder inside `outer`, with a sub-folder, jobs in both and views declared both ways: `board` (a listView
 * spec) and `wall` (configXml) in the team folder, `deep` (a listView spec) in its sub-folder. Config:
 * `views-follow-folder:teamName` renames the team folder, `moved: true` moves it into `org`, `renamed: true` gives
 * the views new names. The views take the folders' `fullName` outputs, so they follow them.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job, View } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const renamed = config.getBoolean("renamed") ?? false;
const outer = new Job("outer", { name: "outer", folderSpec: {} });
const org = new Job("org", { name: "org", folderSpec: {} });
const team = new Job("team", {
  name: config.get("teamName") ?? "team",
  folder: config.getBoolean("moved") ? org.fullName : outer.fullName,
  folderSpec: {},
});
const sub = new Job("sub", { name: "sub", folder: team.fullName, folderSpec: {} });
const script = "echo 'hi'";
const api = new Job("api", { name: "api", folder: team.fullName, pipeline: { script } });
const web = new Job("web", { name: "web", folder: team.fullName, pipeline: { script } });
const tool = new Job("tool", { name: "tool", folder: sub.fullName, pipeline: { script } });

const board = new View("board", {
  name: renamed ? "board-renamed" : "board",
  folder: team.fullName,
  listView: { jobs: [api.name, web.name], description: "the team's jobs" },
});
const wall = new View("wall", {
  name: renamed ? "wall-renamed" : "wall",
  folder: team.fullName,
  configXml: `<hudson.model.ListView>
  <description>the web job</description>
  <jobNames><string>web</string></jobNames>
  <includeRegex>a.*</includeRegex>
</hudson.model.ListView>`,
});
const deep = new View("deep", {
  name: renamed ? "deep-renamed" : "deep",
  folder: sub.fullName,
  listView: { jobs: [tool.name] },
});

export const views = { board: board.fullName, wall: wall.fullName, deep: deep.fullName };
