/** FolderSweep's input checks and plan, pure: what fails the preview before any request, and what a reviewer reads. */
import { checkSweepInputs, planOf, unmanaged } from "../../provider/sweep/inputs";

describe("FolderSweep inputs", () => {
  it("defaults the action to report and accepts items directly in the folder", () => {
    expect(checkSweepInputs({ folder: "apps", keep: ["apps/build", "APPS/Pipe"] })).toEqual({
      inputs: { folder: "apps", keep: ["apps/build", "APPS/Pipe"], action: "report" },
      failures: [],
    });
  });

  it.each([
    [
      { folder: "apps", keep: ["other/build"] },
      "keep",
      'keep entry "other/build" is not an item directly in folder "apps"',
    ],
    [
      { folder: "apps", keep: ["apps/sub/build"] },
      "keep",
      'keep entry "apps/sub/build" is not an item directly in folder "apps"',
    ],
    [{ folder: "apps", keep: ["build"] }, "keep", 'keep entry "build" is not an item directly in folder "apps"'],
    [
      { folder: "apps", keep: [], action: "purge" },
      "action",
      'action must be one of "report", "disable", "delete"; got "purge".',
    ],
    [{ keep: [] }, "folder", "folder is required"],
    [{ folder: "apps", keep: "apps/build" }, "keep", "keep must be a list"],
    [
      { folder: "apps", keep: [], deleteWithBuilds: "yes" },
      "deleteWithBuilds",
      "deleteWithBuilds must be true or false.",
    ],
  ])("refuses %j", (news, property, reason) => {
    const { failures } = checkSweepInputs(news);
    expect(failures).toEqual([{ property, reason: expect.stringContaining(reason) }]);
  });

  it("lists the unmanaged items, case-insensitively, and the plan a reviewer reads", () => {
    const items = unmanaged(["apps/build", "apps/old-job", "apps/Tmp"], ["APPS/BUILD"]);
    expect(items).toEqual(["apps/Tmp", "apps/old-job"]);
    expect(planOf(items, "delete")).toEqual(["delete apps/Tmp", "delete apps/old-job"]);
    expect(planOf(items, "disable")).toEqual(["disable apps/Tmp", "disable apps/old-job"]);
  });
});
