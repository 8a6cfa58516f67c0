/**
 * What adopting an imported estate writes: each item's mark of ownership (docs/guide/ownership.md), one request per
 * item (its description, or a folder's config.xml, which carries a folder's description) and nothing else.
 */
import { readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";

/** The full name of the item a request path such as `/job/team/job/api/description` is about. */
function itemOf(path: string): string {
  return path
    .replace(/\/(description|config\.xml)$/, "")
    .split("/job/")
    .slice(1)
    .map((s) => decodeURIComponent(s.replace(/\/$/, "")))
    .join("/");
}

/**
 * Splits changing requests (`METHOD path → status`) into the items whose mark was written, the views whose mark was
 * written (their config.xml, named "folder/view"), and anything else.
 */
export function markWrites(writes: readonly string[]): { items: string[]; views: string[]; others: string[] } {
  const items: string[] = [];
  const views: string[] = [];
  const others: string[] = [];
  for (const w of writes) {
    const view = /^POST (\S*?)\/view\/([^/]+)\/config\.xml → 2\d\d$/.exec(w);
    const m = /^POST (\S+\/(?:description|config\.xml)) → 2\d\d$/.exec(w);
    if (view) {
      const folder = itemOf(`${view[1]}/`);
      const name = decodeURIComponent(view[2]);
      views.push(folder === "" ? name : `${folder}/${name}`);
    } else if (m) items.push(itemOf(m[1]));
    else others.push(w);
  }
  return { items: items.sort(), views: views.sort(), others };
}

/** The description a config.xml holds, read back as the owner's mark over the description before it. */
export function markedOver(before: string | undefined, after: string | undefined): { same: boolean; owner?: string } {
  const was = readFields(before ?? "<project/>").description;
  const now = readMark(readFields(after ?? "<project/>").description);
  return { same: now.description === readMark(was).description, owner: now.owner };
}
