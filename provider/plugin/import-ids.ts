/**
 * What an id names, for `pulumi import` (and `get`): the engine calls Read with the id alone, no state, and the
 * lifecycle's read needs to know which item to read. The read then reports the config it finds as the inputs, so
 * the imported resource previews with no changes.
 *
 * - `jenkins:index:Job`: the item's full name, `team/api-build` (a folder is imported the same way).
 * - `jenkins:index:View`: `[folder/]viewName` (a view's name holds no slash).
 * - `jenkins:index:Credential`: `[folder/]credentialId`, in the global domain.
 * On a named controller of `jenkins:controllers`, the id starts with its name and a colon, `ci2:team/api-build`:
 * Jenkins allows no colon in an item's or a view's name, so the prefix cannot be part of the name.
 */
import type { Props } from "./values";

export class ImportIdError extends Error {
  constructor(token: string, id: string, expected: string) {
    super(`Cannot import ${token} "${id}": ${expected}`);
    this.name = "ImportIdError";
  }
}

function split(id: string): { folder: string; name: string } {
  const trimmed = id.replace(/^\/+|\/+$/g, "");
  const at = trimmed.lastIndexOf("/");
  return at < 0 ? { folder: "", name: trimmed } : { folder: trimmed.slice(0, at), name: trimmed.slice(at + 1) };
}

/** The controller prefix of an id (`ci2:`), when the part before the first colon is a name and not a path. */
function controllerOf(id: string): { controller?: string; rest: string } {
  const at = id.indexOf(":");
  if (at <= 0 || id.slice(0, at).includes("/")) return { rest: id };
  return { controller: id.slice(0, at), rest: id.slice(at + 1) };
}

export function importedProps(token: string, id: string): Props {
  const { controller, rest } = controllerOf(id);
  const props = itemProps(token, id, rest);
  return controller === undefined ? props : { ...props, controller };
}

function itemProps(token: string, id: string, path: string): Props {
  const { folder, name } = split(path);
  if (name === "" && token !== "jenkins:index:FolderSweep")
    throw new ImportIdError(token, id, "the id is the item's full name, e.g. team/api-build.");
  const withFolder = (p: Props): Props => (folder === "" ? p : { ...p, folder });
  switch (token) {
    case "jenkins:index:Job":
      return withFolder({ name, fullName: folder === "" ? name : `${folder}/${name}` });
    case "jenkins:index:View":
      return withFolder({ name });
    case "jenkins:index:Credential":
      return withFolder({ credentialId: name });
    default:
      throw new ImportIdError(
        token,
        id,
        "a FolderSweep or BuildTrigger is an action, not an item in Jenkins: declare it in the program instead.",
      );
  }
}
