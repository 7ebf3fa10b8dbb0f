import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseSettings, parseEnv, parseTrustProxy } from "./env.server";

const GOOD = "0123456789abcdef0123456789abcdef";
/** A valid DATA_ENCRYPTION_KEY (32 bytes in hex), required beside the session secret in production. */
const KEY = "00112233445566778899aabbccddeeff".repeat(2);

describe("TRUST_PROXY", () => {
  it("digits are a hop count (a number, not the address 0.0.0.1)", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy(" 2 ")).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
  });

  it("unset, empty or 0 trusts nobody", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
  });

  it("named ranges, addresses and CIDRs are a list", () => {
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.10,::1,fd00::/8,uniquelocal")).toEqual([
      "10.0.0.0/8",
      "192.168.1.10",
      "::1",
      "fd00::/8",
      "uniquelocal",
    ]);
  });

  it("anything else stops the start with a readable message", () => {
    for (const bad of ["true", "yes", "10.0.0.0/33", "300.1.1.1", "proxy.local", "1,2", "loopback,", "99"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("other variables", () => {
  it("AUDIT_RETENTION_DAYS: 1825 by default, a whole number of days from 1", () => {
    expect(parseEnv({}).AUDIT_RETENTION_DAYS).toBe(1825);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: "365" }).AUDIT_RETENTION_DAYS).toBe(365);
    expect(() => parseEnv({ AUDIT_RETENTION_DAYS: "0" })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => parseEnv({ AUDIT_RETENTION_DAYS: "5 anos" })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it("PORT, WEB_CONCURRENCY, COOKIE_SECURE, DATABASE_URL are checked", () => {
    expect(parseEnv({}).PORT).toBe(3000);
    expect(parseEnv({ PORT: "8080", WEB_CONCURRENCY: "4" })).toMatchObject({ PORT: 8080, WEB_CONCURRENCY: 4 });
    expect(() => parseEnv({ PORT: "99999" })).toThrow(/PORT/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "auto" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ COOKIE_SECURE: "true" })).toThrow(/COOKIE_SECURE/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("API_READ_LANE is on by default, off turns the lane off, anything else stops the start", () => {
    expect(parseEnv({}).API_READ_LANE).toBe("on");
    expect(parseEnv({ API_READ_LANE: "off" }).API_READ_LANE).toBe("off");
    for (const bad of ["0", "false", "OFF", "no"]) expect(() => parseEnv({ API_READ_LANE: bad }), bad).toThrow(/API_READ_LANE/);
  });

  it("DATABASE_REPLICA_URL: unset by default; a PostgreSQL URL with a host, beside a PostgreSQL DATABASE_URL; else one line stops the start", () => {
    const primary = "postgres://escola@primary:5432/escola";
    expect(parseEnv({ DATABASE_URL: primary }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: primary }).DATABASE_REPLICA_AFTER_WRITE_SECONDS).toBe(5);
    expect(parseEnv({ DATABASE_URL: primary, DATABASE_REPLICA_URL: " " }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(
      parseEnv({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: "postgresql://escola@replica/escola",
        DATABASE_REPLICA_AFTER_WRITE_SECONDS: "30",
      }),
    ).toMatchObject({ DATABASE_REPLICA_URL: "postgresql://escola@replica/escola", DATABASE_REPLICA_AFTER_WRITE_SECONDS: 30 });
    const replicaUrlMessage =
      "Configuração inválida:\n- DATABASE_REPLICA_URL: use postgres://usuário@host:5432/banco (uma réplica do PostgreSQL de DATABASE_URL)";
    for (const bad of ["sqlite:data/replica.sqlite", "replica:5432", "postgres://", "mysql://r/escola"]) {
      expect(() => parseEnv({ DATABASE_URL: primary, DATABASE_REPLICA_URL: bad }), bad).toThrow(new Error(replicaUrlMessage));
    }
    expect(() => parseEnv({ DATABASE_REPLICA_URL: "postgres://escola@replica/escola" })).toThrow(
      new Error(
        "Configuração inválida:\n- DATABASE_REPLICA_URL: a réplica de leitura exige PostgreSQL em DATABASE_URL (com SQLite, deixe-a sem valor)",
      ),
    );
    for (const bad of ["0", "3601", "5s"]) {
      expect(() => parseEnv({ DATABASE_REPLICA_AFTER_WRITE_SECONDS: bad }), bad).toThrow(
        new Error(
          "Configuração inválida:\n- DATABASE_REPLICA_AFTER_WRITE_SECONDS: DATABASE_REPLICA_AFTER_WRITE_SECONDS deve ser um número inteiro entre 1 e 3600",
        ),
      );
    }
  });

  it("the job queue: poll 1 s, retry base 1 min, lock timeout 5 min by default; whole numbers in range; test kinds never in production", () => {
    expect(parseEnv({})).toMatchObject({
      JOBS_POLL_MS: 1000,
      JOBS_RETRY_BASE_MS: 60_000,
      JOBS_LOCK_TIMEOUT_MS: 300_000,
      JOBS_TEST_KINDS: false,
    });
    expect(parseEnv({ JOBS_POLL_MS: "250", JOBS_RETRY_BASE_MS: "5", JOBS_TEST_KINDS: "1" })).toMatchObject({
      JOBS_POLL_MS: 250,
      JOBS_RETRY_BASE_MS: 5,
      JOBS_TEST_KINDS: true,
    });
    expect(() => parseEnv({ JOBS_POLL_MS: "10" })).toThrow("JOBS_POLL_MS deve ser um número inteiro entre 50 e 60000");
    expect(() => parseEnv({ JOBS_LOCK_TIMEOUT_MS: "5 min" })).toThrow("JOBS_LOCK_TIMEOUT_MS deve ser um número inteiro");
    expect(() => parseEnv({ JOBS_TEST_KINDS: "yes" })).toThrow("JOBS_TEST_KINDS: use 1 (ativos) ou 0");
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: GOOD, JOBS_TEST_KINDS: "1" })).toThrow(
      "JOBS_TEST_KINDS: só para testes: nunca em produção (NODE_ENV=production)",
    );
  });

  it("lists every problem at once", () => {
    expect(() => parseEnv({ PORT: "x", TRUST_PROXY: "true" })).toThrow(/PORT[\s\S]*TRUST_PROXY|TRUST_PROXY[\s\S]*PORT/);
  });
});

describe("SESSION_SECRET", () => {
  it("in production: required, at least 32 characters, never the published example", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: obrigatório/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(31) })).toThrow(/curto demais/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "change-me-to-a-long-random-string-of-32-chars" })).toThrow(
      /valor de exemplo/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "development-only-secret-do-not-use-in-production" })).toThrow(
      /valor de exemplo/,
    );
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: GOOD, DATA_ENCRYPTION_KEY: KEY }).SESSION_SECRET).toBe(GOOD);
  });

  it("several comma-separated secrets: the first signs, all verify; each is checked", () => {
    const old = "f".repeat(40);
    const parsed = parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${GOOD}, ${old}`, DATA_ENCRYPTION_KEY: KEY });
    expect(parsed.SESSION_SECRET).toBe(GOOD);
    expect(parsed.SESSION_SECRETS).toEqual([GOOD, old]);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${GOOD},short` })).toThrow(/segredo 2 da lista/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${GOOD},` })).toThrow(/segredo vazio/);
  });

  it("development falls back to a fixed value", () => {
    expect(parseEnv({}).SESSION_SECRETS).toHaveLength(1);
  });

  it("SESSION_SECRET_FILE is read; an empty or missing file is an error, not a fallback", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));
    try {
      const file = path.join(dir, "secret");
      fs.writeFileSync(file, `${GOOD}\n`);
      expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET_FILE: file, DATA_ENCRYPTION_KEY: KEY }).SESSION_SECRET).toBe(GOOD);
      fs.writeFileSync(file, "  \n");
      expect(() => parseEnv({ SESSION_SECRET_FILE: file })).toThrow(/está vazio/);
      expect(() => parseEnv({ SESSION_SECRET_FILE: path.join(dir, "missing") })).toThrow(/não foi possível ler/);
      expect(() => parseEnv({ SESSION_SECRET_FILE: file, SESSION_SECRET: GOOD })).toThrow(/não os dois/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("DATA_ENCRYPTION_KEY", () => {
  const production = { NODE_ENV: "production", SESSION_SECRET: GOOD };

  it("in production: required, in one line", () => {
    expect(() => parseEnv(production)).toThrow(
      new Error(
        "Configuração inválida:\n- DATA_ENCRYPTION_KEY: obrigatório em produção (32 bytes: 64 caracteres hexadecimais, ex.: openssl rand -hex 32)",
      ),
    );
  });

  it("64 hex characters or 32 bytes in base64 (or base64url); anything else stops the start", () => {
    const bytes = Buffer.from(KEY, "hex");
    expect(parseEnv({ ...production, DATA_ENCRYPTION_KEY: KEY }).DATA_ENCRYPTION_KEYS).toEqual([bytes]);
    expect(parseEnv({ ...production, DATA_ENCRYPTION_KEY: bytes.toString("base64") }).DATA_ENCRYPTION_KEYS).toEqual([bytes]);
    expect(parseEnv({ ...production, DATA_ENCRYPTION_KEY: bytes.toString("base64url") }).DATA_ENCRYPTION_KEYS).toEqual([bytes]);
    for (const bad of [KEY.slice(2), `${KEY}00`, "x".repeat(64), Buffer.alloc(31).toString("base64"), "change-me"]) {
      expect(() => parseEnv({ ...production, DATA_ENCRYPTION_KEY: bad }), bad).toThrow(/DATA_ENCRYPTION_KEY: inválida: use 32 bytes/);
    }
  });

  it("new,old: the first encrypts, both decrypt; each is checked", () => {
    const old = "ff".repeat(32);
    const parsed = parseEnv({ ...production, DATA_ENCRYPTION_KEY: `${KEY}, ${old}` });
    expect(parsed.DATA_ENCRYPTION_KEYS.map((k) => k.toString("hex"))).toEqual([KEY, old]);
    expect(() => parseEnv({ ...production, DATA_ENCRYPTION_KEY: `${KEY},abc` })).toThrow(/chave 2 da lista/);
  });

  it("the raw key text is not kept in the configuration", () => {
    expect(parseEnv({ ...production, DATA_ENCRYPTION_KEY: KEY }).DATA_ENCRYPTION_KEY).toBeUndefined();
  });

  it("development and tests fall back to a fixed key, which production refuses", () => {
    const [devKey] = parseEnv({}).DATA_ENCRYPTION_KEYS;
    expect(devKey).toHaveLength(32);
    expect(() => parseEnv({ ...production, DATA_ENCRYPTION_KEY: devKey.toString("hex") })).toThrow(/chave de desenvolvimento/);
  });

  it("DATA_ENCRYPTION_KEY_FILE is read; an empty or missing file, or both variables, is an error", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));
    try {
      const file = path.join(dir, "key");
      fs.writeFileSync(file, `${KEY}\n`);
      expect(parseEnv({ ...production, DATA_ENCRYPTION_KEY_FILE: file }).DATA_ENCRYPTION_KEYS[0].toString("hex")).toBe(KEY);
      fs.writeFileSync(file, "\n");
      expect(() => parseEnv({ DATA_ENCRYPTION_KEY_FILE: file })).toThrow(/DATA_ENCRYPTION_KEY_FILE: o arquivo .* está vazio/);
      expect(() => parseEnv({ DATA_ENCRYPTION_KEY_FILE: path.join(dir, "missing") })).toThrow(/não foi possível ler/);
      expect(() => parseEnv({ DATA_ENCRYPTION_KEY_FILE: file, DATA_ENCRYPTION_KEY: KEY })).toThrow(/não os dois/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("databaseSettings (db:migrate, db:seed)", () => {
  it("reads DATABASE_URL, DB_LOGGING and SCHOOL_TIME_ZONE without asking for a session secret, even in production", () => {
    expect(
      databaseSettings({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://u@h:5432/b",
        DB_LOGGING: "1",
        SCHOOL_TIME_ZONE: "America/Manaus",
      }),
    ).toEqual({ url: "postgres://u@h:5432/b", logging: true, timeZone: "America/Manaus" });
    expect(databaseSettings({})).toEqual({ url: "sqlite:data/app.sqlite", logging: false, timeZone: "America/Sao_Paulo" });
  });

  it("takes the school's time zone from SCHOOL_TIME_ZONE only (the server's TZ plays no part) and refuses an unknown one", () => {
    expect(databaseSettings({ TZ: "Asia/Tokyo" }).timeZone).toBe("America/Sao_Paulo");
    expect(databaseSettings({ SCHOOL_TIME_ZONE: "" }).timeZone).toBe("America/Sao_Paulo");
    expect(() => databaseSettings({ SCHOOL_TIME_ZONE: "Brasil/Centro" })).toThrow(/SCHOOL_TIME_ZONE: fuso horário desconhecido/);
    expect(() => parseEnv({ SCHOOL_TIME_ZONE: "Brasil/Centro" })).toThrow(/SCHOOL_TIME_ZONE: fuso horário desconhecido/);
  });

  it("refuses what the server would refuse, with the same message", () => {
    expect(() => databaseSettings({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: use sqlite:<arquivo> ou postgres:\/\//);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: use sqlite:<arquivo> ou postgres:\/\//);
  });
});

describe("PUBLIC_URL", () => {
  it("defaults to the address the server listens on (all interfaces: localhost)", () => {
    expect(parseEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ HOST: "127.0.0.1", PORT: "4100" }).PUBLIC_URL).toBe("http://127.0.0.1:4100");
    expect(parseEnv({ HOST: "::1", PORT: "4100" }).PUBLIC_URL).toBe("http://[::1]:4100");
  });

  it("takes the public address as given, without a trailing slash; anything else stops the start", () => {
    expect(parseEnv({ PUBLIC_URL: "https://escola.example.com.br/" }).PUBLIC_URL).toBe("https://escola.example.com.br");
    expect(() => parseEnv({ PUBLIC_URL: "escola.example.com.br" })).toThrow(/PUBLIC_URL/);
  });
});
