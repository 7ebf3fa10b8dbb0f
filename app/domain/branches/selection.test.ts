import { describe, expect, it } from "vitest";
import { resolveSelectedBranch } from "./selection.server";

const a = { id: "a", name: "A", isDefault: false };
const b = { id: "b", name: "B", isDefault: true };

describe("resolveSelectedBranch (§4)", () => {
  it("keeps a stored choice that is still an active branch", () => {
    expect(resolveSelectedBranch("a", [b, a])).toEqual({ id: "a", auto: false });
  });
  it("picks the default active branch when nothing valid is stored", () => {
    expect(resolveSelectedBranch(null, [a, b])).toEqual({ id: "b", auto: true });
    expect(resolveSelectedBranch("gone", [a, b])).toEqual({ id: "b", auto: true });
  });
  it("falls back to the first active branch, or none", () => {
    expect(resolveSelectedBranch(null, [a])).toEqual({ id: "a", auto: true });
    expect(resolveSelectedBranch(null, [])).toEqual({ id: null, auto: true });
  });
});
