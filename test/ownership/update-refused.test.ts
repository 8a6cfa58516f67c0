/** The pure rules of ownership for an item in the state: when the mark changes, and when an update is refused. */
import { ManagedElsewhereError } from "../../provider/ownership/errors";
import { ownerMoves } from "../../provider/ownership/lifecycle-owner";
import { updateRefused } from "../../provider/resource/ownership";

describe("ownerMoves", () => {
  it("plans the mark where the state names no owner and the stack writes one (an earlier release's state)", () => {
    expect(ownerMoves({}, "web/prod")).toBe(true);
  });

  it("plans nothing where the state names no owner and the stack writes none (marks off, let go)", () => {
    expect(ownerMoves({}, undefined)).toBe(false);
  });

  it("plans the mark when the owner changes, is turned off, or stays the same", () => {
    expect(ownerMoves({ __owner: "web/prod" }, "web/prod2")).toBe(true);
    expect(ownerMoves({ __owner: "web/prod" }, undefined)).toBe(true);
    expect(ownerMoves({ __owner: "web/prod" }, "web/prod")).toBe(false);
  });
});

describe("updateRefused", () => {
  const ours = { __owner: "web/prod" };
  it("refuses an item whose mark names another owner than the one the stack wrote", () => {
    expect(updateRefused("web/staging", ours, { __owner: "web/prod" })).toBe(true);
    // An earlier release's state, an item another stack adopted since.
    expect(updateRefused("web/staging", {}, { __owner: "web/prod" })).toBe(true);
  });

  it("writes an unmarked item, its own, one marked with the stack's (new) name, or one it takes over", () => {
    expect(updateRefused(undefined, ours, { __owner: "web/prod" })).toBe(false);
    expect(updateRefused("web/prod", ours, { __owner: "web/prod2" })).toBe(false);
    expect(updateRefused("web/prod2", ours, { __owner: "web/prod2" })).toBe(false);
    expect(updateRefused("web/staging", ours, { __owner: "web/prod", takeOverFrom: "web/staging" })).toBe(false);
  });
});

describe("ManagedElsewhereError", () => {
  it("names the item, the owner its mark names and the fix", () => {
    const e = new ManagedElsewhereError("Jenkins job", "team/api", "web/staging");
    expect(e.message).toMatch(/^Jenkins job "team\/api" cannot be updated: it is managed as code by web\/staging /);
    expect(e.message).toContain("Nothing was written to Jenkins. Run `pulumi refresh`");
    expect(e.message).toContain("remove the resource from the program");
    expect([e.name, e.item, e.owner]).toEqual(["ManagedElsewhereError", "team/api", "web/staging"]);
  });
});
