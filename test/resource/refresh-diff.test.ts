/**
 * The refresh's diff told apart in the provider process (provider/dynamic/refresh-diff.ts): the first diff of a
 * resource after a read that reported inputs differing in a shown property, once; never under the legacy refresh,
 * which asks no diff after its reads.
 */
import { isRefreshDiffOfEdit, noted } from "../../provider/dynamic/refresh-diff";

const OLD = { name: "build", configXml: "<project>\n  <a>1</a>\n</project>\n", __configXmlFields: { x: 1 } };
const EDITED = { name: "build", configXml: "<project>\n  <a>2</a>\n</project>\n" };

afterEach(() => {
  delete process.env.PULUMI_ENABLE_LEGACY_REFRESH_DIFF;
});

describe("the refresh's diff", () => {
  it("is the first diff of the resource after a read that reported an edit, and only that one", () => {
    noted("id-1", { id: "id-1", props: {}, inputs: EDITED });
    expect(isRefreshDiffOfEdit("id-2", OLD)).toBe(false);
    expect(isRefreshDiffOfEdit("id-1", OLD)).toBe(true);
    // The next diff (an `up --refresh` planning the resource) is the lifecycle's own.
    expect(isRefreshDiffOfEdit("id-1", OLD)).toBe(false);
  });

  it("is not one when the reported inputs differ only in internal keys, or when the read found nothing", () => {
    const { __configXmlFields: _internal, ...sameButInternal } = OLD;
    void _internal;
    noted("id-3", { id: "id-3", props: {}, inputs: sameButInternal });
    expect(isRefreshDiffOfEdit("id-3", OLD)).toBe(false);
    noted("id-4", { id: "id-4", props: {}, inputs: EDITED });
    const nothing: { id: string; props: object; inputs?: Record<string, unknown> } = { id: "id-4", props: {} };
    noted("id-4", nothing);
    expect(isRefreshDiffOfEdit("id-4", OLD)).toBe(false);
  });

  it("is never one under the legacy refresh (no diff follows its reads)", () => {
    process.env.PULUMI_ENABLE_LEGACY_REFRESH_DIFF = "true";
    noted("id-5", { id: "id-5", props: {}, inputs: EDITED });
    expect(isRefreshDiffOfEdit("id-5", OLD)).toBe(false);
  });
});
