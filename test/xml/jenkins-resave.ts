/**
 * Test helper: what a Jenkins save does to a config's text, as far as the XML layer is concerned (the server
 * module simulates the rest). XStream writes its own declaration and layout, escapes quotes and CRs, drops comments
 * and DOCTYPEs, and plugin upgrades change `plugin="x@version"`.
 */
import { canonicalElement } from "../../provider/xml/canonical";
import { parseXml, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";

export function bumpPlugins(e: XmlElement): XmlElement {
  return {
    ...e,
    attrs: e.attrs.map(([k, v]): [string, string] => [k, k === "plugin" ? `${v.split("@")[0]}@999.0` : v]),
    children: e.children.map((c) => (c.kind === "element" ? bumpPlugins(c) : c)),
  };
}

export function jenkinsResave(xml: string): string {
  const root = bumpPlugins(canonicalElement(parseXml(xml).root));
  return writeXml(root, { style: "xstream", declaration: "<?xml version='1.1' encoding='UTF-8'?>" });
}

export function withoutPluginAttributes(xml: string): string {
  return xml.replace(/ plugin="[^"]*"/g, "");
}
