/**
 * The permissions Jenkins checks for the job calls, with their ids and the chain of permissions that imply
 * them (sent as X-Permission-Implied-By, nearest first), as defined in hudson.security.Permission and
 * hudson.model.Item.
 */
import type { PermissionLevel } from "./options";

export interface Permission {
  id: string;
  /** As shown on the "Access Denied" page: "Job/Configure". */
  title: string;
  impliedBy?: Permission;
}

const ADMINISTER: Permission = { id: "hudson.model.Hudson.Administer", title: "Overall/Administer" };
const GENERIC_READ: Permission = {
  id: "hudson.security.Permission.GenericRead",
  title: "Permission/GenericRead",
  impliedBy: ADMINISTER,
};
const GENERIC_WRITE: Permission = {
  id: "hudson.security.Permission.GenericWrite",
  title: "Permission/GenericWrite",
  impliedBy: ADMINISTER,
};
const GENERIC_CREATE: Permission = {
  id: "hudson.security.Permission.GenericCreate",
  title: "Permission/GenericCreate",
  impliedBy: GENERIC_WRITE,
};
const GENERIC_UPDATE: Permission = {
  id: "hudson.security.Permission.GenericUpdate",
  title: "Permission/GenericUpdate",
  impliedBy: GENERIC_WRITE,
};
const GENERIC_DELETE: Permission = {
  id: "hudson.security.Permission.GenericDelete",
  title: "Permission/GenericDelete",
  impliedBy: GENERIC_WRITE,
};
const GENERIC_CONFIGURE: Permission = {
  id: "hudson.security.Permission.GenericConfigure",
  title: "Permission/GenericConfigure",
  impliedBy: GENERIC_UPDATE,
};

const ITEM_CONFIGURE: Permission = {
  id: "hudson.model.Item.Configure",
  title: "Job/Configure",
  impliedBy: GENERIC_CONFIGURE,
};

/** CredentialsProvider's permissions (credentials plugin): each implied by the generic one of its kind. */
const credentials = (name: string, impliedBy: Permission): Permission => ({
  id: `com.cloudbees.plugins.credentials.CredentialsProvider.${name}`,
  title: `Credentials/${name}`,
  impliedBy,
});

export const PERMISSIONS = {
  OVERALL_READ: { id: "hudson.model.Hudson.Read", title: "Overall/Read", impliedBy: GENERIC_READ } as Permission,
  ADMINISTER,
  ITEM_READ: { id: "hudson.model.Item.Read", title: "Job/Read", impliedBy: GENERIC_READ } as Permission,
  ITEM_CREATE: { id: "hudson.model.Item.Create", title: "Job/Create", impliedBy: GENERIC_CREATE } as Permission,
  ITEM_DELETE: { id: "hudson.model.Item.Delete", title: "Job/Delete", impliedBy: GENERIC_DELETE } as Permission,
  ITEM_CONFIGURE,
  ITEM_EXTENDED_READ: {
    id: "hudson.model.Item.ExtendedRead",
    title: "Job/ExtendedRead",
    impliedBy: ITEM_CONFIGURE,
  } as Permission,
  ITEM_BUILD: { id: "hudson.model.Item.Build", title: "Job/Build", impliedBy: GENERIC_UPDATE } as Permission,
  ITEM_MOVE: { id: "hudson.model.Item.Move", title: "Job/Move", impliedBy: GENERIC_CREATE } as Permission,
  VIEW_READ: { id: "hudson.model.View.Read", title: "View/Read", impliedBy: GENERIC_READ } as Permission,
  VIEW_CREATE: { id: "hudson.model.View.Create", title: "View/Create", impliedBy: GENERIC_CREATE } as Permission,
  VIEW_CONFIGURE: {
    id: "hudson.model.View.Configure",
    title: "View/Configure",
    impliedBy: GENERIC_CONFIGURE,
  } as Permission,
  VIEW_DELETE: { id: "hudson.model.View.Delete", title: "View/Delete", impliedBy: GENERIC_DELETE } as Permission,
  CREDENTIALS_VIEW: credentials("View", GENERIC_READ),
  CREDENTIALS_CREATE: credentials("Create", GENERIC_CREATE),
  CREDENTIALS_UPDATE: credentials("Update", GENERIC_UPDATE),
  CREDENTIALS_DELETE: credentials("Delete", GENERIC_DELETE),
  CREDENTIALS_MANAGE_DOMAINS: credentials("ManageDomains", GENERIC_CONFIGURE),
};

/** Permissions granted to the read-only level: Overall/Read, Job/Read and View/Read, nothing else. */
const READ_ONLY = new Set([PERMISSIONS.OVERALL_READ.id, PERMISSIONS.ITEM_READ.id, PERMISSIONS.VIEW_READ.id]);

export function impliedByChain(p: Permission): Permission[] {
  const chain: Permission[] = [];
  for (let q = p.impliedBy; q; q = q.impliedBy) chain.push(q);
  return chain;
}

/**
 * level undefined = anonymous, which has no permission at all (the "logged-in users can do anything" setup).
 * `grants` are permission ids given to the user on top of the level, as a matrix-based strategy adds single ones
 * (a reader who may see credentials: Credentials/View).
 */
export function hasPermission(
  level: PermissionLevel | undefined,
  p: Permission,
  grants: readonly string[] = [],
): boolean {
  if (level === "admin") return true;
  if (level === undefined) return false;
  if (grants.includes(p.id)) return true;
  if (level === "read") return READ_ONLY.has(p.id);
  return false;
}
