/**
 * View inputs checked before any request: a clear failure per property (a name with a slash, both or neither of
 * configXml and listView, a regex that does not compile, a column that is not a class name, XML that is not
 * well-formed), and the declared config in canonical form. Values not known yet in a preview are let through.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UNKNOWN, type Props } from "../dynamic/props";
import { takeOverFromProblem } from "../ownership/hand-over";
import { canonicalViewConfig } from "./config";

const CLASS_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;
const UNSAFE = /[?*/\\%!@#$^&|<>[\]:;]/;

function failure(property: string, reason: string): dynamic.CheckFailure {
  return { property, reason };
}

const isUnknown = (v: unknown): boolean => v === UNKNOWN;

function checkName(name: unknown, failures: dynamic.CheckFailure[]): void {
  if (isUnknown(name)) return;
  if (typeof name !== "string" || name.trim() === "") {
    failures.push(failure("name", 'name is required: the view\'s name, e.g. "apps".'));
    return;
  }
  if (name !== name.trim())
    failures.push(
      failure("name", `view name ${JSON.stringify(name)} has leading or trailing spaces; Jenkins would trim them.`),
    );
  const bad = UNSAFE.exec(name);
  if (bad)
    failures.push(
      failure(
        "name",
        `view name ${JSON.stringify(name)} contains "${bad[0]}", which Jenkins refuses in names; a view in a folder takes the folder's full name as \`folder\`.`,
      ),
    );
  if (name === "." || name === ".." || name.endsWith("."))
    failures.push(failure("name", `view name ${JSON.stringify(name)} is not allowed by Jenkins.`));
}

function checkListView(spec: unknown, failures: dynamic.CheckFailure[]): void {
  if (isUnknown(spec)) return;
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    failures.push(
      failure("listView", "listView must be an object: { jobs?, includeRegex?, recurse?, columns?, description? }."),
    );
    return;
  }
  const s = spec as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (!["jobs", "includeRegex", "recurse", "columns", "description"].includes(key))
      failures.push(
        failure(
          `listView.${key}`,
          `listView has no property "${key}"; it takes jobs, includeRegex, recurse, columns and description.`,
        ),
      );
  }
  if (s.jobs !== undefined && !isUnknown(s.jobs)) {
    if (!Array.isArray(s.jobs)) failures.push(failure("listView.jobs", "listView.jobs must be a list of job names."));
    else
      s.jobs.forEach((j, i) => {
        if (isUnknown(j)) return;
        if (typeof j !== "string" || j === "" || j.startsWith("/") || j.endsWith("/"))
          failures.push(
            failure(
              `listView.jobs[${i}]`,
              `listView.jobs[${i}] must be a job's name relative to the view's folder (e.g. a Job's \`name\`); got ${JSON.stringify(j)}.`,
            ),
          );
      });
  }
  if (s.includeRegex !== undefined && !isUnknown(s.includeRegex)) {
    if (typeof s.includeRegex !== "string")
      failures.push(failure("listView.includeRegex", "listView.includeRegex must be a string."));
    else {
      try {
        new RegExp(s.includeRegex);
      } catch (e) {
        failures.push(
          failure(
            "listView.includeRegex",
            `listView.includeRegex is not a regular expression: ${(e as Error).message}.`,
          ),
        );
      }
    }
  }
  if (s.recurse !== undefined && !isUnknown(s.recurse) && typeof s.recurse !== "boolean")
    failures.push(failure("listView.recurse", "listView.recurse must be true or false."));
  if (s.description !== undefined && !isUnknown(s.description) && typeof s.description !== "string")
    failures.push(failure("listView.description", "listView.description must be a string."));
  if (s.columns !== undefined && !isUnknown(s.columns)) {
    if (!Array.isArray(s.columns))
      failures.push(failure("listView.columns", "listView.columns must be a list of column class names."));
    else
      s.columns.forEach((c, i) => {
        if (isUnknown(c)) return;
        if (typeof c !== "string" || !CLASS_NAME.test(c))
          failures.push(
            failure(
              `listView.columns[${i}]`,
              `listView.columns[${i}] must be a column's class name, e.g. "hudson.views.StatusColumn"; got ${JSON.stringify(c)}.`,
            ),
          );
      });
  }
}

/** The checked inputs (configXml canonical, empty optional values dropped) and the failures. */
export function checkViewInputs(newsRaw: Props): { inputs: Props; failures: dynamic.CheckFailure[] } {
  const news: Props = { ...newsRaw };
  const failures: dynamic.CheckFailure[] = [];
  for (const key of ["folder", "controller", "adopt", "letGo", "configXml", "listView", "takeOverFrom"])
    if (news[key] === null || news[key] === "") delete news[key];
  checkName(news.name, failures);
  const handOver = isUnknown(news.takeOverFrom) ? undefined : takeOverFromProblem(news.takeOverFrom);
  if (handOver !== undefined) failures.push(failure("takeOverFrom", handOver));
  if (news.folder !== undefined && !isUnknown(news.folder)) {
    if (typeof news.folder !== "string" || news.folder.startsWith("/") || news.folder.endsWith("/"))
      failures.push(
        failure(
          "folder",
          `folder must be the full name of a folder, e.g. "team" or "team/apps" (often a Job's fullName); got ${JSON.stringify(news.folder)}.`,
        ),
      );
  }
  for (const flag of ["adopt", "letGo"])
    if (news[flag] !== undefined && !isUnknown(news[flag]) && typeof news[flag] !== "boolean")
      failures.push(failure(flag, `${flag} must be true or false.`));
  const hasXml = news.configXml !== undefined;
  const hasSpec = news.listView !== undefined;
  if (hasXml === hasSpec) {
    failures.push(
      failure(hasXml ? "listView" : "configXml", "give exactly one of configXml (any view type) and listView."),
    );
  } else if (hasXml && !isUnknown(news.configXml)) {
    if (typeof news.configXml !== "string")
      failures.push(failure("configXml", "configXml must be the view's config.xml text."));
    else {
      try {
        news.configXml = canonicalViewConfig(news.configXml);
      } catch (e) {
        failures.push(failure("configXml", `configXml is not well-formed XML: ${(e as Error).message}`));
      }
    }
  } else if (hasSpec) {
    checkListView(news.listView, failures);
  }
  return { inputs: news, failures };
}
