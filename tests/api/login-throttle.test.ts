import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";
import { ApiClient, uniqueEmail } from "../support/http";
import { makeStaffUser } from "../support/factories";

/**
 * Login throttling (app/domain/auth/service.server.ts), against a server of its
 * own that trusts the loopback proxy, so each test can come from the addresses
 * it needs (X-Forwarded-For). Limits: 10 per e-mail+address, 50 per address,
 * per 15 minutes; per e-mail from anywhere only a capped delay.
 */
let server: RunningServer;
let ipSeq = 0;
const run = Math.floor(Math.random() * 200) + 1;
/** A documentation address (RFC 5737) not used by any other test. */
const newIp = () => `198.51.${run}.${++ipSeq}`;

beforeAll(async () => {
  server = await startServer(inject("databaseUrl"), { TRUST_PROXY: "loopback" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

async function login(email: string, password: string, ip: string) {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json().catch(() => null);
  return { status: res.status, body, headers: res.headers, ms: performance.now() - started };
}

async function register(password = "segredo123") {
  const email = uniqueEmail("throttle");
  const res = await new ApiClient(server.baseUrl).post("/api/register", { name: "Dona", email, password, userType: "Team" });
  expect(res.status).toBe(201);
  return email;
}

describe("login throttling", () => {
  it("of 50 concurrent wrong logins for one account from one address, at most 10 are evaluated; the rest 429, never 500", async () => {
    const email = await register();
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 50 }, () => login(email, "errada", ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ message: "Muitas tentativas de login. Tente novamente em alguns minutos." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Even the right password is refused from there now.
    expect((await login(email, "segredo123", ip)).status).toBe(429);
  }, 60_000);

  it("limits one address across many e-mails (50 failures), and a success on one's own account does not reset it", async () => {
    const own = await register();
    const ip = newIp();
    const wrong = async (n: number) => {
      for (let i = 0; i < n; i += 5) {
        const batch = await Promise.all(Array.from({ length: Math.min(5, n - i) }, () => login(uniqueEmail("stuffing"), "errada", ip)));
        expect(batch.map((r) => r.status)).toEqual(batch.map(() => 401));
      }
    };
    await wrong(25);
    expect((await login(own, "segredo123", ip)).status).toBe(200);
    await wrong(25);
    const blocked = await login(uniqueEmail("stuffing"), "errada", ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(uniqueEmail("stuffing"), "errada", newIp())).status).toBe(401);
  }, 120_000);

  it("failures on one account from many addresses slow its next attempts (capped), and the owner from another address still signs in", async () => {
    const email = await register();
    for (let i = 0; i < 12; i++) expect((await login(email, "errada", newIp())).status).toBe(401);
    // 12 recent failures: the delay is at its cap (2 s) before the password is checked.
    const slowed = await login(email, "errada", newIp());
    expect(slowed.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(1900);
    // The attacker's own address is throttled...
    const attacker = newIp();
    await Promise.all(Array.from({ length: 10 }, () => login(email, "errada", attacker)));
    expect((await login(email, "errada", attacker)).status).toBe(429);
    // ...while the owner, elsewhere, gets in (slowed, not locked out).
    const owner = await login(email, "segredo123", newIp());
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ email });
  }, 120_000);

  it("an unknown e-mail and an account without a usable password cost the same time as a real account", async () => {
    const real = await Promise.all([register(), register(), register(), register(), register()]);
    const unusable = (await Promise.all(Array.from({ length: 5 }, () => makeStaffUser("Client")))).map((u) => u.email);
    const unknown = Array.from({ length: 5 }, () => uniqueEmail("ninguem"));
    const ip = newIp();
    await login(uniqueEmail("aquecimento"), "errada", ip);
    const times: Record<string, number[]> = { real: [], unusable: [], unknown: [] };
    for (let i = 0; i < 5; i++) {
      for (const [kind, list] of [
        ["real", real],
        ["unusable", unusable],
        ["unknown", unknown],
      ] as const) {
        const r = await login(list[i], "errada", ip);
        expect(r.status).toBe(401);
        times[kind].push(r.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [m1, m2, m3] = [median(times.real), median(times.unusable), median(times.unknown)];
    // One argon2 verification each (tens of milliseconds). Skipping it would answer in about
    // a millisecond, a ratio near 0.05; a loaded machine spreads honest medians up to about 2×,
    // so the bar is a factor of four.
    expect(Math.min(m1, m2, m3) / Math.max(m1, m2, m3), JSON.stringify(times)).toBeGreaterThan(0.25);
  }, 60_000);

  it("TRUST_PROXY=1 (one hop) counts the client's address, not the proxy's", async () => {
    const hop = await startServer(inject("databaseUrl"), { TRUST_PROXY: "1" });
    try {
      const email = await register();
      const attempt = (ip: string) =>
        fetch(`${hop.baseUrl}/api/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
          body: JSON.stringify({ email, password: "errada" }),
        }).then((r) => r.status);
      const attacker = newIp();
      await Promise.all(Array.from({ length: 10 }, () => attempt(attacker)));
      expect(await attempt(attacker)).toBe(429);
      // Another client behind the same proxy is not throttled by the attacker's failures.
      expect(await attempt(newIp())).toBe(401);
    } finally {
      await hop.stop();
    }
  }, 90_000);
});
