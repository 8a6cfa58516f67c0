/**
 * Names in the generated program: TypeScript variable names for folders (children refer to them) and the file each
 * job's config.xml is saved in. Pure functions.
 *
 * Jenkins allows almost any character in a job name (spaces, quotes, non-ASCII letters), so neither can be the
 * job name as is. Pulumi resource names, on the other hand, can: the generated program uses the job's full name,
 * which Jenkins already guarantees to be unique.
 */

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "as implements interface let package private protected public static yield any boolean constructor declare get " +
    "module require number set string symbol type from of async await undefined arguments eval"
  ).split(" "),
);

/** Allocates unique identifiers; names already used by the program's own code are taken from the start. */
export class IdentifierAllocator {
  private readonly taken: Set<string>;

  constructor(reserved: Iterable<string> = []) {
    this.taken = new Set(reserved);
  }

  /** "team/api tests" → "teamApiTests"; a clash gets a numeric suffix. */
  allocate(fullName: string, suffix = ""): string {
    const words = fullName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^A-Za-z0-9]+/)
      .filter((w) => w.length > 0);
    let base = words
      .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
      .join("");
    if (base === "") base = "item";
    if (/^[0-9]/.test(base)) base = `_${base}`;
    base += suffix;
    if (RESERVED.has(base)) base += "Item";
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * One path segment as a file or folder name that works on Linux, macOS and Windows: the characters Windows
 * refuses, control characters and a trailing dot or space become "_". Jenkins itself refuses most of them already.
 */
export function fileSegment(name: string): string {
  // eslint-disable-next-line no-control-regex
  let s = name.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, "_");
  s = s.replace(/[. ]$/, "_");
  if (/^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i.test(s)) s = `_${s}`;
  return s;
}

/**
 * Allocates `jobs/<a>/<b>.xml` style paths for full names, unique even where two names map to the same segment or
 * differ only in case (case-insensitive file systems). A folder's children live in the directory named like its file.
 */
export class ConfigPathAllocator {
  private readonly dirOf = new Map<string, string>();
  private readonly used = new Set<string>();

  /** `parentFullName` must have been allocated before (or be outside the import: then its path is used as is). */
  allocate(fullName: string): string {
    const cut = fullName.lastIndexOf("/");
    const parent = cut < 0 ? "" : fullName.slice(0, cut);
    const leaf = cut < 0 ? fullName : fullName.slice(cut + 1);
    const parentDir = parent === "" ? "" : (this.dirOf.get(parent) ?? parent.split("/").map(fileSegment).join("/"));
    const base = fileSegment(leaf);
    let stem = parentDir === "" ? base : `${parentDir}/${base}`;
    // A stem names both a file (stem.xml) and, for a folder, a directory (stem/): neither may clash with another.
    const clashes = (s: string) => this.used.has(s.toLowerCase()) || this.used.has(`${s}.xml`.toLowerCase());
    for (let n = 2; clashes(stem); n++) stem = `${parentDir === "" ? "" : `${parentDir}/`}${base}~${n}`;
    this.used.add(stem.toLowerCase());
    this.used.add(`${stem}.xml`.toLowerCase());
    this.dirOf.set(fullName, stem);
    return `${stem}.xml`;
  }
}

/**
 * Allocates the stack config keys of the secrets a program reads (`config.requireSecret("team-deploy-key-password")`):
 * lower-case words joined by "-", starting with a letter, unique (a clash gets a numeric suffix).
 */
export class ConfigKeyAllocator {
  private readonly taken = new Set<string>();

  allocate(...parts: string[]): string {
    let base = parts
      .join(" ")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 0)
      .join("-");
    if (!/^[a-z]/.test(base)) base = `secret-${base}`.replace(/-$/, "");
    let key = base;
    for (let n = 2; this.taken.has(key); n++) key = `${base}-${n}`;
    this.taken.add(key);
    return key;
  }
}
