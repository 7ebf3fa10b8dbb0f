import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/domain/auth/queries.server";
import { createSessionCache, SESSION_CACHE_MS } from "./session-cache.server";

function sessionOf(userId: string, name = "Ana", expiresAt = new Date(Date.UTC(2030, 0, 1))): SessionUser {
  return {
    user: {
      id: userId,
      name,
      email: `${userId}@escola.com.br`,
      userType: "Administrator",
      cpf: null,
      avatarUrl: null,
    } as unknown as SessionUser["user"],
    remember: false,
    expiresAt,
  };
}

/** The database as the cache's loader sees it, with a fake clock. */
function fixture(options: { ttlMs?: number; beforeHit?: () => Promise<void> | undefined } = {}) {
  const rows = new Map<string, SessionUser>();
  let clock = Date.UTC(2026, 10, 26, 12);
  const loads: string[] = [];
  let hold: Promise<void> | null = null;
  const cache = createSessionCache({
    now: () => clock,
    ttlMs: options.ttlMs,
    beforeHit: options.beforeHit,
    load: async (id) => {
      loads.push(id);
      const value = rows.get(id) ?? null;
      if (hold) await hold;
      return value;
    },
  });
  return {
    cache,
    rows,
    loads,
    tick: (ms: number) => (clock += ms),
    now: () => clock,
    holdLoads: () => {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe("the session cache (ADR 001)", () => {
  it("answers a session read within the last second from memory", async () => {
    const f = fixture();
    f.rows.set("s1", sessionOf("u1"));
    expect((await f.cache.get("s1"))?.user.id).toBe("u1");
    f.tick(SESSION_CACHE_MS - 1);
    expect((await f.cache.get("s1"))?.user.id).toBe("u1");
    expect(f.loads).toEqual(["s1"]);
  });

  it("keeps an entry at most one second when no signal comes (a lost NOTIFY): a sign-out elsewhere shows then", async () => {
    const f = fixture();
    f.rows.set("s1", sessionOf("u1"));
    await f.cache.get("s1");
    // Signed out by another process whose signal never arrived.
    f.rows.delete("s1");
    f.tick(500);
    expect(await f.cache.get("s1")).not.toBeNull();
    f.tick(SESSION_CACHE_MS - 500);
    expect(await f.cache.get("s1")).toBeNull();
    // Hits do not extend an entry's life: it counts from its read.
    f.rows.set("s2", sessionOf("u2"));
    await f.cache.get("s2");
    for (let i = 0; i < 9; i++) {
      f.tick(100);
      await f.cache.get("s2");
    }
    f.rows.set("s2", sessionOf("u2", "Ana Nova"));
    f.tick(100);
    expect((await f.cache.get("s2"))?.user.name).toBe("Ana Nova");
  });

  it("drops a user's sessions, one session, or everything when a change is signalled", async () => {
    const f = fixture();
    f.rows.set("a1", sessionOf("ua"));
    f.rows.set("a2", sessionOf("ua"));
    f.rows.set("b1", sessionOf("ub"));
    for (const id of ["a1", "a2", "b1"]) await f.cache.get(id);
    expect(f.cache.size).toBe(3);

    f.rows.delete("a1");
    f.rows.set("a2", sessionOf("ua", "Ana Tipo Novo"));
    f.cache.invalidate({ userId: "ua" });
    expect(await f.cache.get("a1")).toBeNull();
    expect((await f.cache.get("a2"))?.user.name).toBe("Ana Tipo Novo");
    f.loads.length = 0;
    await f.cache.get("b1");
    expect(f.loads).toEqual([]); // another user's session stays

    f.rows.delete("b1");
    f.cache.invalidate({ sessionId: "b1" });
    expect(await f.cache.get("b1")).toBeNull();

    f.rows.delete("a2");
    f.cache.invalidate({ all: true });
    expect(await f.cache.get("a2")).toBeNull();
    expect(f.cache.size).toBe(0);
  });

  it("does not keep a read that was in flight when a change was signalled (it may predate the change)", async () => {
    const f = fixture();
    f.rows.set("s1", sessionOf("u1"));
    const release = f.holdLoads();
    const reading = f.cache.get("s1"); // read the row before the sign-out committed...
    f.rows.delete("s1");
    f.cache.invalidate({ userId: "u1" }); // ...whose signal arrives before the read's answer
    release();
    expect(await reading).not.toBeNull(); // that request saw the session as it was
    expect(await f.cache.get("s1")).toBeNull(); // the next one does not
  });

  it("never answers a session past its expiry from memory, and keeps no missing session", async () => {
    const f = fixture();
    f.rows.set("s1", sessionOf("u1", "Ana", new Date(f.now() + 200)));
    await f.cache.get("s1");
    f.tick(300);
    f.rows.delete("s1"); // the query's own `expiresAt > now` would not find it
    expect(await f.cache.get("s1")).toBeNull();
    await f.cache.get("nope");
    await f.cache.get("nope");
    expect(f.loads.filter((id) => id === "nope")).toHaveLength(2);
    expect(f.cache.size).toBe(0);
  });

  it("awaits the signal check (SQLite's versions) before trusting an entry", async () => {
    let checks = 0;
    const f: ReturnType<typeof fixture> | undefined = fixture({
      beforeHit: () => {
        checks++;
        // The check finds that another process changed the sessions.
        if (checks === 2) return Promise.resolve().then(() => f!.cache.invalidate({ all: true }));
        return undefined;
      },
    });
    f.rows.set("s1", sessionOf("u1"));
    await f.cache.get("s1");
    f.rows.delete("s1");
    expect(await f.cache.get("s1")).toBeNull();
    expect(checks).toBe(2);
  });

  it("has the promised limit of one second", () => {
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(1000);
  });
});
