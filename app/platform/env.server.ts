import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone } from "~/lib/time-zone";

/**
 * Every environment variable the app and `server.mjs` read, validated here and
 * nowhere else; a wrong value stops the start with one line per problem.
 * (`server.mjs` itself looks only at BUILD_DIR, NODE_ENV and whether
 * SESSION_SECRET / SESSION_SECRET_FILE and DATA_ENCRYPTION_KEY / DATA_ENCRYPTION_KEY_FILE
 * are set, before the build is loaded, to find the build and create the default
 * secret and key files of a plain `npm start`;
 * after that it uses this module's values, through `config()` of server/app.ts. The database
 * scripts read theirs through `databaseSettings()`.)
 */

const DEV_SECRET = "development-only-secret-do-not-use-in-production";

/** Values that were published (README, `.env.example`, this file): never a production secret. */
const PLACEHOLDER_SECRETS = new Set([DEV_SECRET, "change-me-to-a-long-random-string-of-32-chars", "change-me", "changeme"]);

export const MIN_SECRET_LENGTH = 32;

/** Express `trust proxy`: a hop count, or the addresses/CIDRs/named ranges of the proxies. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split("/");
  if (rest.length || !/^\d{1,3}$/.test(bits ?? "")) return false;
  const version = isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: digits = number of proxy hops in front of the app (`1` = one
 * reverse proxy); otherwise a comma-separated list of `loopback`, `linklocal`,
 * `uniquelocal`, IP addresses or CIDRs of the proxies. Anything else is refused:
 * Express would read `"1"` given as a string as the address 0.0.0.1, and `true`
 * would trust any client's X-Forwarded-For.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? "").trim();
  if (value === "" || value === "0" || value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : { error: "número de proxies grande demais (máximo 32)" };
  }
  const entries = value.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !(NAMED_RANGES.has(e) || isIP(e) !== 0 || isCidr(e)));
  if (bad.length || entries.length === 0) {
    return {
      error: `valor inválido ${JSON.stringify(bad[0] ?? value)}: use o número de proxies (ex.: 1), "loopback" ou uma lista de IPs/CIDRs separados por vírgula`,
    };
  }
  return entries;
}

/** How TRUST_PROXY is understood, in words (startup log and /healthz). */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return "nenhum proxy (endereço da conexão)";
  if (typeof trust === "number") return `${trust} proxy(s) à frente (X-Forwarded-For/-Proto/-Host)`;
  return `proxies em ${trust.join(", ")} (X-Forwarded-For/-Proto/-Host)`;
}

const digits = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: "custom", message: `${name} deve ser um número inteiro entre ${min} e ${max}` });
        return z.NEVER;
      }
      return Number(v);
    });

function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

const fields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_NAME: z.string().min(1).default("Rede Ritmo de Escolas de Dança"),
  DATABASE_URL: z
    .string()
    .min(1)
    .default("sqlite:data/app.sqlite")
    .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), "use sqlite:<arquivo> ou postgres://usuário@host:5432/banco"),
  /** A streaming replica of the PostgreSQL primary: the reports, the CSV exports and the audit list read from it (ADR 019). */
  DATABASE_REPLICA_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || isPostgresUrl(v),
      "use postgres://usuário@host:5432/banco (uma réplica do PostgreSQL de DATABASE_URL)",
    ),
  /** Seconds after a user's write during which that user's reads all go to the primary (read-your-writes, ADR 019). */
  DATABASE_REPLICA_AFTER_WRITE_SECONDS: digits("DATABASE_REPLICA_AFTER_WRITE_SECONDS", 1, 3600, 5),
  SESSION_SECRET: z.string().optional(),
  SESSION_SECRET_FILE: z.string().optional(),
  /** Encrypts the secrets stored in the database (a bank's client secret and private key): 32 bytes, hex or base64. */
  DATA_ENCRYPTION_KEY: z.string().optional(),
  DATA_ENCRYPTION_KEY_FILE: z.string().optional(),
  // Where uploaded avatars live: the database (shared by every app server) or UPLOAD_DIR.
  UPLOAD_STORAGE: z.enum(["database", "disk"]).default("database"),
  UPLOAD_DIR: z.string().min(1).default("data/uploads"),
  DB_LOGGING: z.enum(["0", "1"]).default("0"),
  REGISTRATION: z.enum(["open", "client", "closed"]).default("open"),
  /** The API's read lane (ADR 011): `off` sends every request through React Router. */
  API_READ_LANE: z.enum(["on", "off"], { error: "use on (padrão) ou off" }).default("on"),
  PORT: digits("PORT", 0, 65535, 3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === "object" && !Array.isArray(parsed)) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  WEB_CONCURRENCY: digits("WEB_CONCURRENCY", 1, 256, 1),
  COOKIE_SECURE: z.enum(["0", "1", ""], { error: "use 1 (sempre Secure) ou 0 (nunca); sem valor: Secure sob HTTPS" }).optional(),
  /** Milliseconds a cluster worker may stay silent (event loop blocked) before it is replaced. */
  WORKER_WATCHDOG_MS: digits("WORKER_WATCHDOG_MS", 1000, 600_000, 5000),
  /** Test-only routes under /__test/ (block the event loop, throw): never set it in production. */
  TEST_HOOKS: z.enum(["0", "1", ""]).optional(),
  /** The school's time zone (IANA name): what "today" is, and every date and time shown. */
  SCHOOL_TIME_ZONE: z
    .string()
    .optional()
    .transform((v) => (v ? v : DEFAULT_SCHOOL_TIME_ZONE))
    .refine(isTimeZone, { error: "fuso horário desconhecido: use um nome IANA, como America/Sao_Paulo ou America/Manaus" }),
  /** Days an audit entry is kept (sign-in entries: 180 at most); the cleanup job deletes older ones. */
  AUDIT_RETENTION_DAYS: digits("AUDIT_RETENTION_DAYS", 1, 36500, 1825),
  /**
   * The address the bank reaches this app at (the Pix webhooks: `{PUBLIC_URL}/api/webhooks/pix/…`);
   * by default the address the server listens on.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : undefined))
    .refine(
      (v) => v === undefined || /^https?:\/\/[^/\s]+(\/\S*)?$/.test(v),
      "use o endereço público do app, ex.: https://escola.example.com.br",
    ),
  /** How often each server looks for due jobs (ms); a job committed elsewhere starts within about this long (ADR 023). */
  JOBS_POLL_MS: digits("JOBS_POLL_MS", 50, 60_000, 1000),
  /** The first retry's wait (ms); each further retry doubles it, up to 60 times this (1 min … 1 h by default). */
  JOBS_RETRY_BASE_MS: digits("JOBS_RETRY_BASE_MS", 1, 3_600_000, 60_000),
  /** A job running longer than this without its server's sign of life belongs to a dead process: it runs again (ms). */
  JOBS_LOCK_TIMEOUT_MS: digits("JOBS_LOCK_TIMEOUT_MS", 1000, 86_400_000, 300_000),
  /** Test-only job kinds (they record their runs, or fail on purpose): refused in production. */
  JOBS_TEST_KINDS: z.enum(["0", "1", ""], { error: "use 1 (ativos) ou 0" }).optional(),
  TZ: z.string().optional(),
  BUILD_DIR: z.string().optional(),
});

/** The host part of the address the server listens on (all interfaces: this machine's loopback name). */
function listenedHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * The key of a development or test process without DATA_ENCRYPTION_KEY (published here, so never
 * accepted in production; `npm start` and `npm run dev` generate a key file instead).
 */
const DEV_DATA_KEY = createHash("sha256").update("development-only-data-encryption-key-do-not-use-in-production").digest();

/** A data key as written by an operator: 64 hex characters, or 32 bytes in base64 (or base64url); null otherwise. */
export function parseDataKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

type RawEnv = z.output<typeof fields>;

/** DATA_ENCRYPTION_KEY (or the file DATA_ENCRYPTION_KEY_FILE names): `new,old` rotates (the first encrypts, all decrypt). */
function readDataKeys(env: RawEnv, ctx: z.RefinementCtx): Buffer[] | null {
  let raw = env.DATA_ENCRYPTION_KEY;
  const file = env.DATA_ENCRYPTION_KEY_FILE;
  if (file !== undefined && file !== "") {
    if (raw) {
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY_FILE"],
        message: "defina DATA_ENCRYPTION_KEY ou DATA_ENCRYPTION_KEY_FILE, não os dois",
      });
      return null;
    }
    try {
      raw = readFileSync(file, "utf8").trim();
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY_FILE"],
        message: `não foi possível ler ${file}: ${(error as Error).message}`,
      });
      return null;
    }
    if (!raw) {
      ctx.addIssue({ code: "custom", path: ["DATA_ENCRYPTION_KEY_FILE"], message: `o arquivo ${file} está vazio` });
      return null;
    }
  }
  const texts = (raw ?? "").split(",").map((k) => k.trim());
  if (texts.every((k) => k === "")) {
    if (env.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY"],
        message: "obrigatório em produção (32 bytes: 64 caracteres hexadecimais, ex.: openssl rand -hex 32)",
      });
      return null;
    }
    return [DEV_DATA_KEY];
  }
  const keys: Buffer[] = [];
  for (const [i, text] of texts.entries()) {
    const key = parseDataKey(text);
    if (!key) {
      const which = texts.length > 1 ? ` (chave ${i + 1} da lista)` : "";
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY"],
        message: `inválida${which}: use 32 bytes em 64 caracteres hexadecimais (openssl rand -hex 32) ou em base64`,
      });
      return null;
    }
    if (env.NODE_ENV === "production" && key.equals(DEV_DATA_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["DATA_ENCRYPTION_KEY"],
        message: "é a chave de desenvolvimento: gere uma própria (openssl rand -hex 32)",
      });
      return null;
    }
    keys.push(key);
  }
  return keys;
}

const schema = fields.transform((env, ctx) => {
  if (env.DATABASE_REPLICA_URL !== undefined && !env.DATABASE_URL.startsWith("postgres")) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_REPLICA_URL"],
      message: "a réplica de leitura exige PostgreSQL em DATABASE_URL (com SQLite, deixe-a sem valor)",
    });
    return z.NEVER;
  }
  if (env.JOBS_TEST_KINDS === "1" && env.NODE_ENV === "production") {
    ctx.addIssue({ code: "custom", path: ["JOBS_TEST_KINDS"], message: "só para testes: nunca em produção (NODE_ENV=production)" });
    return z.NEVER;
  }
  let raw = env.SESSION_SECRET;
  if (env.SESSION_SECRET_FILE !== undefined && env.SESSION_SECRET_FILE !== "") {
    if (raw) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET_FILE"], message: "defina SESSION_SECRET ou SESSION_SECRET_FILE, não os dois" });
      return z.NEVER;
    }
    try {
      raw = readFileSync(env.SESSION_SECRET_FILE, "utf8").trim();
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET_FILE"],
        message: `não foi possível ler ${env.SESSION_SECRET_FILE}: ${(error as Error).message}`,
      });
      return z.NEVER;
    }
    if (!raw) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET_FILE"], message: `o arquivo ${env.SESSION_SECRET_FILE} está vazio` });
      return z.NEVER;
    }
  }
  // Several secrets, comma-separated, rotate the key: the first signs, every one verifies.
  const secrets = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (raw !== undefined && raw.trim() !== "" && secrets.length !== raw.split(",").length) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message: "há um segredo vazio na lista (separe os segredos por vírgula, sem vírgulas sobrando)",
    });
    return z.NEVER;
  }
  if (env.NODE_ENV === "production") {
    if (secrets.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: `obrigatório em produção (${MIN_SECRET_LENGTH}+ caracteres aleatórios, ex.: openssl rand -hex 32)`,
      });
      return z.NEVER;
    }
    for (const [i, secret] of secrets.entries()) {
      const which = secrets.length > 1 ? ` (segredo ${i + 1} da lista)` : "";
      if (PLACEHOLDER_SECRETS.has(secret) || /change-?me/i.test(secret)) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: `é o valor de exemplo${which}: gere um segredo próprio (openssl rand -hex 32)`,
        });
        return z.NEVER;
      }
      if (secret.length < MIN_SECRET_LENGTH) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: `curto demais${which}: pelo menos ${MIN_SECRET_LENGTH} caracteres (openssl rand -hex 32)`,
        });
        return z.NEVER;
      }
    }
  }
  const SESSION_SECRETS = secrets.length ? secrets : [DEV_SECRET];
  const dataKeys = readDataKeys(env, ctx);
  if (dataKeys === null) return z.NEVER;
  return {
    ...env,
    COOKIE_SECURE: env.COOKIE_SECURE || undefined,
    TEST_HOOKS: env.TEST_HOOKS === "1",
    JOBS_TEST_KINDS: env.JOBS_TEST_KINDS === "1",
    /** The secret that signs (the first of the list). */
    SESSION_SECRET: SESSION_SECRETS[0],
    /** Every accepted secret, the signing one first. */
    SESSION_SECRETS,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://${listenedHost(env.HOST)}:${env.PORT}`,
    /** The keys of the stored secrets (32 bytes each): the first encrypts, every one decrypts. */
    DATA_ENCRYPTION_KEYS: dataKeys,
    DATA_ENCRYPTION_KEY: undefined,
  };
});

export type Env = z.output<typeof schema>;

let cached: Env | null = null;

/** Validates an environment; throws one readable error that lists every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      "Configuração inválida:\n" + parsed.error.issues.map((i) => `- ${i.path.join(".") || "ambiente"}: ${i.message}`).join("\n"),
    );
  }
  return parsed.data;
}

/**
 * Only the database settings, for the command-line scripts (`npm run db:migrate`,
 * `npm run db:seed`): they need no session secret, even with NODE_ENV=production.
 */
export function databaseSettings(source: Record<string, string | undefined> = process.env): {
  url: string;
  logging: boolean;
  timeZone: string;
} {
  const parsed = fields.pick({ DATABASE_URL: true, DB_LOGGING: true, SCHOOL_TIME_ZONE: true }).safeParse(source);
  if (!parsed.success) {
    throw new Error(
      "Configuração inválida:\n" + parsed.error.issues.map((i) => `- ${i.path.join(".") || "ambiente"}: ${i.message}`).join("\n"),
    );
  }
  return { url: parsed.data.DATABASE_URL, logging: parsed.data.DB_LOGGING === "1", timeZone: parsed.data.SCHOOL_TIME_ZONE };
}

/** Configuration, read and validated once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
