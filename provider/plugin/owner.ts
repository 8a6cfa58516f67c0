/**
 * What the TypeScript classes' program side does for ownership, done in Check for the provider plugin: the owner
 * goes into the hidden input `__owner`. The plugin learns the project and stack from the resource's URN
 * (`urn:pulumi:<stack>::<project>::…`), and `jenkins:owner` from its Configure.
 */
import { ownerNameProblem, stackOwner } from "../ownership/mark";
import { OWNER_KEY } from "../ownership/settings";
import type { Props } from "./values";

/** The project and stack a URN names; undefined for a text that is not a URN. */
export function stackOfUrn(urn: string): { project: string; stack: string } | undefined {
  const match = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn);
  return match === null ? undefined : { stack: match[1], project: match[2] };
}

/** Why `jenkins:owner` cannot be used, or undefined when it can (or is not set). */
export function configuredOwnerProblem(configured: unknown): string | undefined {
  if (configured === undefined || configured === null || configured === "") return undefined;
  if (typeof configured !== "string") return `jenkins:owner must be a text, not ${JSON.stringify(configured)}`;
  const problem = ownerNameProblem(configured);
  return problem === undefined
    ? undefined
    : `jenkins:owner "${configured}" cannot be used: ${problem}. Run \`pulumi config set jenkins:owner <name>\`.`;
}

/** `news` with the owner added, unless the program side gave one already. */
export function withOwner(news: Props, urn: string, configured: unknown): Props {
  if (typeof news[OWNER_KEY] === "string") return news;
  if (typeof configured === "string" && configured !== "") return { ...news, [OWNER_KEY]: configured };
  const named = stackOfUrn(urn);
  return named === undefined ? news : { ...news, [OWNER_KEY]: stackOwner(named.project, named.stack) };
}
