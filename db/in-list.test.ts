import { describe, expect, it } from "vitest";
import { paddedInList } from "./in-list";

describe("paddedInList", () => {
  it("pads to a power of two with the last value, at least the minimum", () => {
    const params: Record<string, string> = {};
    expect(paddedInList("c", ["a", "b", "c", "d", "e"], params)).toBe(":c0, :c1, :c2, :c3, :c4, :c5, :c6, :c7");
    expect(params).toEqual({ c0: "a", c1: "b", c2: "c", c3: "d", c4: "e", c5: "e", c6: "e", c7: "e" });
    const one: Record<string, string> = {};
    expect(paddedInList("g", ["x"], one, 8).split(", ")).toHaveLength(8);
    expect(new Set(Object.values(one))).toEqual(new Set(["x"]));
  });

  it("gives one statement for every length up to the same power of two", () => {
    const statement = (n: number) =>
      paddedInList(
        "e",
        Array.from({ length: n }, (_, i) => `v${i}`),
        {},
      );
    expect(new Set([1, 2, 3, 4].map(statement)).size).toBe(1);
    expect(new Set([5, 6, 7, 8].map(statement)).size).toBe(1);
    expect(statement(9)).not.toBe(statement(8));
  });

  it("refuses an empty list, which has no IN (…) form", () => {
    expect(() => paddedInList("c", [], {})).toThrow();
  });
});
