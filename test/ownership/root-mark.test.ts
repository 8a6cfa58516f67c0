import { markLine } from "../../provider/ownership/mark";
import { markRoot, rootDescription, unmarkConfig, unmarkRoot } from "../../provider/ownership/root-mark";
import { handedOver, ownerMoves, writtenOwner } from "../../provider/ownership/lifecycle-owner";
import { takeOverFromProblem } from "../../provider/ownership/hand-over";
import { markedViewConfig } from "../../provider/view/config";
import { renderListView } from "../../provider/view/list-view";
import { childText, parseXml } from "../../provider/xml/tree";

const LIST = "hudson.model.ListView";
const CREDENTIAL = "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl";

describe("the mark in a view's or a credential's root description", () => {
  it("is written after the description a person wrote, or as the description when there is none, after the name", () => {
    const spec = renderListView("apps", { jobs: ["api"], description: "Team jobs" });
    expect(childText(parseXml(markedViewConfig(spec, "web/prod")).root, "description")).toBe(
      `Team jobs\n\n${markLine("web/prod")}`,
    );
    const bare = markedViewConfig(renderListView("apps", { jobs: ["api"] }), "web/prod");
    const children = parseXml(bare)
      .root.children.filter((c) => c.kind === "element")
      .map((c) => c.name);
    expect(children.slice(0, 2)).toEqual(["name", "description"]);
    expect(childText(parseXml(bare).root, "description")).toBe(markLine("web/prod"));
    expect(markedViewConfig(spec, undefined)).toBe(spec);
  });

  it("replaces another owner's mark, never doubles it", () => {
    const once = parseXml(markedViewConfig(renderListView("apps", { description: "x" }), "a/one")).root;
    expect(rootDescription(markRoot(once, "b/two", ["name"]))).toBe(`x\n\n${markLine("b/two")}`);
  });

  it("is read from the root's own description only, and stripped without touching anything else", () => {
    const xml = `<${LIST}><name>apps</name><description>Team\n\n${markLine("web/prod")}</description><properties><p><description>${markLine("other/x")}</description></p></properties></${LIST}>`;
    const { xml: clean, owner } = unmarkConfig(xml);
    expect(owner).toBe("web/prod");
    const root = parseXml(clean).root;
    expect(childText(root, "description")).toBe("Team");
    expect(clean).toContain(markLine("other/x"));
    const nested = `<${LIST}><name>apps</name><properties><p><description>${markLine("other/x")}</description></p></properties></${LIST}>`;
    expect(unmarkConfig(nested)).toEqual({ xml: nested });
  });

  it("gives back the very text of a config without a mark, and no description for a mark alone", () => {
    const plain = `<${CREDENTIAL}><scope>GLOBAL</scope><id>c</id><description>Deploys</description><secret><secret-redacted/></secret></${CREDENTIAL}>`;
    expect(unmarkConfig(plain)).toEqual({ xml: plain });
    const alone = plain.replace("Deploys", markLine("a/b"));
    const { xml, owner } = unmarkConfig(alone);
    expect(owner).toBe("a/b");
    // The mark made the element: gone with it, as a config saved without a description has none.
    expect(childText(parseXml(xml).root, "description")).toBeUndefined();
    expect(xml).not.toContain("<description");
    expect(xml).toContain("<secret-redacted/>");
    expect(unmarkRoot(parseXml(alone).root).owner).toBe("a/b");
  });
});

describe("what every marking lifecycle decides alike", () => {
  it("writes the stack's owner unless marks are off or the resource lets the item go", () => {
    expect(writtenOwner({ __owner: "a/b" }, true)).toBe("a/b");
    expect(writtenOwner({ __owner: "a/b" }, false)).toBeUndefined();
    expect(writtenOwner({ __owner: "a/b", __retain: true }, true)).toBeUndefined();
    expect(writtenOwner({}, true)).toBeUndefined();
  });

  it("moves the mark when the owner written changes, writes one where the state names none, never for an import", () => {
    expect(ownerMoves({ __owner: "a/b" }, "a/b")).toBe(false);
    expect(ownerMoves({ __owner: "a/b" }, "c/d")).toBe(true);
    expect(ownerMoves({ __owner: "a/b" }, undefined)).toBe(true);
    // An earlier release's state (or one written with marks off): the next `up` writes the mark.
    expect(ownerMoves({}, "a/b")).toBe(true);
    // Marks off, none written: nothing to move.
    expect(ownerMoves({}, undefined)).toBe(false);
    // Read by id alone (`pulumi import`): the mark waits for the first update.
    expect(ownerMoves({ __markAtUpdate: true }, "a/b")).toBe(false);
  });

  it("finds an item handed over when its mark names another owner than the one the stack wrote", () => {
    expect(handedOver("c/d", { __owner: "a/b" })).toBe(true);
    expect(handedOver("c/d", {})).toBe(true);
    expect(handedOver("a/b", { __owner: "a/b" })).toBe(false);
    expect(handedOver(undefined, { __owner: "a/b" })).toBe(false);
  });

  it("takes an owner's name as takeOverFrom, and says why not otherwise", () => {
    expect(takeOverFromProblem("web/prod")).toBeUndefined();
    expect(takeOverFromProblem(undefined)).toBeUndefined();
    expect(takeOverFromProblem("web prod")).toMatch(/^takeOverFrom "web prod" cannot be an owner's name: /);
    expect(takeOverFromProblem(3)).toBe("takeOverFrom must be an owner's name (as its mark names it), not 3.");
  });
});
