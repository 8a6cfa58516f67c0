/** The line diff and the property changes the report is made of. */
import { changesOf } from "../../provider/review/changes";
import { hunks } from "../../provider/review/line-diff";
import { naturalOrder } from "../../provider/review/review";

const lines = (n: number, at = 1): string[] => Array.from({ length: n }, (_, i) => `line ${i + at}`);

describe("hunks", () => {
  it("gives each change its context and the positions of `diff -u`", () => {
    const old = lines(20).join("\n");
    const changed = old.replace("line 10", "line ten");
    const [h, ...rest] = hunks(old, changed, 3);
    expect(rest).toEqual([]);
    expect([h.oldStart, h.oldLines, h.newStart, h.newLines]).toEqual([7, 7, 7, 7]);
    expect(h.lines.map((l) => l.tag + l.text)).toEqual([
      " line 7",
      " line 8",
      " line 9",
      "-line 10",
      "+line ten",
      " line 11",
      " line 12",
      " line 13",
    ]);
  });

  it("joins changes closer than twice the context, and keeps apart those further away", () => {
    const old = lines(40).join("\n");
    const near = old.replace("line 10", "x").replace("line 16", "y");
    expect(hunks(old, near, 3)).toHaveLength(1);
    const far = old.replace("line 10", "x").replace("line 30", "y");
    expect(hunks(old, far, 3).map((h) => h.oldStart)).toEqual([7, 27]);
  });

  it("shows an added text as added lines only", () => {
    const [h] = hunks(undefined, "a\nb", 3);
    expect(h.lines.map((l) => l.tag + l.text)).toEqual(["+a", "+b"]);
    expect([h.oldLines, h.newLines]).toEqual([0, 2]);
  });
});

describe("changesOf", () => {
  it("lists a spec's leaf properties, leaves out internal and derived inputs", () => {
    const olds = { __configXmlSha256: "a", fullName: "x", url: "u", pipeline: { parameters: [{ name: "A" }] } };
    const news = { __configXmlSha256: "b", fullName: "y", url: "v", pipeline: { parameters: [{ name: "B" }] } };
    expect(changesOf(olds, news, 3)).toEqual([
      { kind: "value", property: "pipeline.parameters[0].name", old: '"A"', new: '"B"' },
    ]);
  });

  it("never compares a secret's value: changed when it is the only difference, unknown next to another", () => {
    expect(changesOf({ secretValues: "[secret]" }, { secretValues: "[secret]" }, 3)).toEqual([
      { kind: "secret", property: "secretValues", known: true },
    ]);
    expect(
      changesOf({ secretValues: "[secret]", enabled: true }, { secretValues: "[secret]", enabled: false }, 3),
    ).toEqual([
      { kind: "value", property: "enabled", old: "true", new: "false" },
      { kind: "secret", property: "secretValues", known: false },
    ]);
    expect(changesOf({}, { secretValues: "[secret]" }, 3)).toEqual([
      { kind: "secret", property: "secretValues", known: true },
    ]);
  });
});

describe("naturalOrder", () => {
  it("orders numbers in names by value, the same on every machine", () => {
    const names = ["job-10", "job-2", "job-1", "Job-3", "job-007", "job-7", "a/job-20", "a/job-3"];
    expect([...names].sort(naturalOrder)).toEqual([
      "Job-3",
      "a/job-3",
      "a/job-20",
      "job-1",
      "job-2",
      "job-007",
      "job-7",
      "job-10",
    ]);
  });
});

describe("changesOf with the paths a provider plugin's diff names", () => {
  const olds = { description: "a", secretText: { secret: "[secret]" }, secretValues: "[secret]", name: "x" };
  const news = { description: "b", secretText: { secret: "[secret]" }, secretValues: "[secret]", name: "x" };

  it("without them, a secret shown as [secret] on both sides next to another change cannot be told", () => {
    expect(changesOf(olds, news, 3)).toEqual([
      { kind: "value", property: "description", old: '"a"', new: '"b"' },
      { kind: "secret", property: "secretValues", known: false },
    ]);
  });

  it("with them, a secret changed where they say so, at the top or nested, and nowhere else", () => {
    expect(changesOf(olds, news, 3, undefined, undefined, ["description", "secretText.secret"])).toEqual([
      { kind: "value", property: "description", old: '"a"', new: '"b"' },
      { kind: "secret", property: "secretText.secret", known: true },
    ]);
    expect(changesOf(olds, news, 3, undefined, undefined, ["description", "secretValues"])).toEqual([
      { kind: "value", property: "description", old: '"a"', new: '"b"' },
      { kind: "secret", property: "secretValues", known: true },
    ]);
    expect(changesOf(olds, news, 3, undefined, undefined, ["description"])).toEqual([
      { kind: "value", property: "description", old: '"a"', new: '"b"' },
    ]);
  });
});

describe("a list of plain values", () => {
  it("says which names joined and which left, not the positions that shifted", () => {
    expect(changesOf({ jobs: ["api", "website"] }, { jobs: ["website"] }, 3)).toEqual([
      { kind: "list", property: "jobs", added: [], removed: ['"api"'], reordered: false },
    ]);
    expect(changesOf({ jobs: ["a", "b"] }, { jobs: ["b", "c", "a", "d"] }, 3)).toEqual([
      { kind: "list", property: "jobs", added: ['"c"', '"d"'], removed: [], reordered: false },
    ]);
  });

  it("counts a value as often as it occurs, and tells a new order apart from no change", () => {
    expect(changesOf({ l: ["x", "x", "y"] }, { l: ["x", "y"] }, 3)).toEqual([
      { kind: "list", property: "l", added: [], removed: ['"x"'], reordered: false },
    ]);
    expect(changesOf({ l: ["x", "y"] }, { l: ["y", "x"] }, 3)).toEqual([
      { kind: "list", property: "l", added: [], removed: [], reordered: true },
    ]);
    expect(changesOf({ l: ["x", "y"] }, { l: ["x", "y"] }, 3)).toEqual([]);
  });

  it("compares a list of objects member by member, as before", () => {
    expect(changesOf({ p: [{ n: 1 }] }, { p: [{ n: 2 }] }, 3)).toEqual([
      { kind: "value", property: "p[0].n", old: "1", new: "2" },
    ]);
  });
});
