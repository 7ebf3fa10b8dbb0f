import { describe, expect, it } from "vitest";
import { createLru } from "./cache.server";

describe("createLru", () => {
  it("keeps at most maxEntries, least recently used out first", () => {
    const lru = createLru<number>({ maxEntries: 2 });
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1); // a is now the most recent
    lru.set("c", 3);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
    expect(lru.get("c")).toBe(3);
    expect(lru.size).toBe(2);
  });

  it("keeps the total size within maxBytes and refuses an entry larger than the limit", () => {
    const lru = createLru<string>({ maxEntries: 100, maxBytes: 10, sizeOf: (k, v) => k.length + v.length });
    lru.set("a", "1234"); // 5
    lru.set("b", "1234"); // 10
    expect(lru.bytes).toBe(10);
    lru.set("c", "12"); // 3: a goes
    expect(lru.get("a")).toBeUndefined();
    expect(lru.bytes).toBe(8);
    lru.set("d", "12345678901"); // 12 > 10: not kept, nothing else evicted
    expect(lru.get("d")).toBeUndefined();
    expect(lru.get("b")).toBe("1234");
    expect(lru.get("c")).toBe("12");
  });

  it("replacing a key recounts its size; delete and clear release it", () => {
    const lru = createLru<string>({ maxEntries: 10, maxBytes: 100, sizeOf: (_k, v) => v.length });
    lru.set("a", "xxxx");
    lru.set("a", "xx");
    expect(lru.bytes).toBe(2);
    expect(lru.size).toBe(1);
    expect(lru.delete("a")).toBe(true);
    expect(lru.delete("a")).toBe(false);
    expect(lru.bytes).toBe(0);
    lru.set("b", "x");
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });
});
