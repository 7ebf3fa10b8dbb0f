import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Sequelize } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection";
import { makeClass, useFactoryDatabase } from "../support/factories";
import { ApiClient, uniqueEmail } from "../support/http";
import { freePort, startServer, type RunningServer } from "../support/server";
import { createTestDatabase } from "../support/test-db";

/**
 * The read replica (ADR 019), against a real streaming replica of the test
 * PostgreSQL server (PostgreSQL run only: vitest.api.config.ts). The replica is
 * made here: `pg_basebackup -R` into a temporary folder, a second `postgres`
 * on a free port (as the `postgres` OS user when the tests run as root, which
 * PostgreSQL refuses to run as), stopped and deleted afterwards, even on failure.
 *
 * One change to the test server itself, said here: when its pg_hba.conf has no
 * rule for replication connections from 127.0.0.1 (this project's test servers
 * trust every local connection, but a replication connection matches only the
 * `replication` keyword), the test puts `host replication all 127.0.0.1/32
 * trust` first in it (through the server, as its own OS user) and reloads the
 * configuration. The line stays, like the trust rules beside it.
 *
 * The proof that the reports are served by the replica: its WAL replay is
 * paused, a trial is created through the API, and the replica's answers lack
 * it while the primary's have it. Then: the writer reads its own write
 * (read-your-writes cookie), a JSON list (not a report) reads from the primary,
 * and with the replica stopped every read still answers, from the primary,
 * with one log line; one more when it is back.
 */

const run = promisify(execFile);
const PERIOD = "from=2018-03-01&to=2018-03-31";
const DOWN_LINE = "Réplica de leitura indisponível";
const BACK_LINE = "Réplica de leitura de volta";

let primaryUrl: string;
let dropDatabase: (() => Promise<void>) | null = null;
let folder: string | null = null;
let replicaProcess: ChildProcess | null = null;
let replicaLog = "";
let replicaPort = 0;
let server: RunningServer | null = null;
let factoryDb: Sequelize | null = null;
let asPostgresUser = false;
let bin = "";

let writer: ApiClient;
let reader: ApiClient;
let classId: string;

/** A command as the OS user that runs the replica (`postgres` when the tests run as root). */
function command(file: string, args: string[]): [string, string[]] {
  return asPostgresUser ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
}

async function sh(file: string, args: string[]) {
  const [cmd, argv] = command(file, args);
  return run(cmd, argv, { timeout: 60_000 });
}

async function primaryQuery<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function replicaUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:${replicaPort}/${database}`;
}

async function replicaQuery<T extends pg.QueryResultRow>(sql: string, database = "postgres"): Promise<T[]> {
  const client = new pg.Client({ connectionString: replicaUrl(database), connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ""}\nreplica log:\n${replicaLog}`);
}

/** The PostgreSQL binaries of the test server's major version. */
async function binaries(): Promise<string> {
  const [{ server_version_num }] = await primaryQuery<{ server_version_num: string }>("SHOW server_version_num");
  const major = Math.floor(Number(server_version_num) / 10000);
  const dir = `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(dir, "postgres")) || !fs.existsSync(path.join(dir, "pg_basebackup"))) {
    throw new Error(`this test needs PostgreSQL ${major}'s server binaries in ${dir} (Debian: apt-get install postgresql-${major})`);
  }
  return dir;
}

/** The test server must stream WAL; a replication connection from 127.0.0.1 is allowed here if it was not. */
async function allowReplication(): Promise<void> {
  const [settings] = await primaryQuery<{ wal_level: string; senders: string }>(
    "SELECT current_setting('wal_level') AS wal_level, current_setting('max_wal_senders') AS senders",
  );
  if (settings.wal_level === "minimal" || Number(settings.senders) < 1) {
    throw new Error(
      `the test server cannot stream to a replica (wal_level=${settings.wal_level}, max_wal_senders=${settings.senders}): ` +
        "set wal_level=replica and max_wal_senders>=1 (the Debian defaults) and restart it",
    );
  }
  // The first rule a replication connection from 127.0.0.1 meets decides (a later one never matches).
  const [first] = await primaryQuery<{ auth_method: string }>(
    `SELECT auth_method FROM pg_hba_file_rules
     WHERE error IS NULL AND type IN ('host', 'hostnossl') AND 'replication' = ANY(database)
       AND address IN ('all', 'samehost', '127.0.0.1', '127.0.0.0')
     ORDER BY line_number LIMIT 1`,
  );
  if (first?.auth_method === "trust") return;
  const [{ hba_file }] = await primaryQuery<{ hba_file: string }>("SHOW hba_file");
  const file = `'${hba_file.replaceAll("'", "'\\''")}'`;
  // Written by the server's own OS user (it owns the file), first in it: the line COPY sends, then the file as it was.
  const program = `f=${file}; t=$(mktemp) && cat - "$f" > "$t" && cat "$t" > "$f"; rm -f "$t"`;
  await primaryQuery(
    `COPY (SELECT 'host replication all 127.0.0.1/32 trust  # added by tests/api/read-replica.test.ts') TO PROGRAM '${program.replaceAll("'", "''")}'`,
  );
  await primaryQuery("SELECT pg_reload_conf()");
}

async function startReplica(): Promise<void> {
  const data = path.join(folder!, "data");
  const [cmd, argv] = command(path.join(bin, "postgres"), ["-D", data]);
  replicaProcess = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"] });
  replicaProcess.stdout?.on("data", (d) => (replicaLog += d));
  replicaProcess.stderr?.on("data", (d) => (replicaLog += d));
  await until("the replica to accept connections", async () => {
    const [row] = await replicaQuery<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
    return row.standby;
  });
}

async function stopReplica(mode: "fast" | "immediate"): Promise<void> {
  if (!replicaProcess || replicaProcess.exitCode !== null) return;
  const exited = new Promise((r) => replicaProcess!.once("exit", r));
  const data = path.join(folder!, "data");
  await sh(path.join(bin, "pg_ctl"), ["-D", data, "stop", "-m", mode, "-w"]).catch(() => {
    // pg_ctl could not: the server itself (its pid in postmaster.pid; runuser would not pass a SIGKILL on), then what started it.
    try {
      const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      if (pid > 0) process.kill(pid, "SIGKILL");
    } finally {
      replicaProcess?.kill("SIGKILL");
    }
  });
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  replicaProcess = null;
}

async function register(role: "Administrator" | "Team"): Promise<ApiClient> {
  const client = new ApiClient(server!.baseUrl);
  const res = await client.post("/api/register", {
    name: `Réplica ${role}`,
    email: uniqueEmail("replica"),
    password: "segredo123",
    userType: role,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.user = res.body;
  return client;
}

const funnelTrials = async (client: ApiClient) => {
  const res = await client.get(`/api/reports/funnel?${PERIOD}`);
  expect(res.status).toBe(200);
  return res.body.steps[0].count as number;
};

/** The funnel screen's count of trials (its loader's data, as the browser fetches it). */
const screenTrials = async (client: ApiClient) => {
  const res = await client.raw("GET", `/reports/funnel.data?${PERIOD}`);
  expect(res.status).toBe(200);
  const match = /Experimentais\\?",\\?"count\\?":(\d+)/.exec(await res.text());
  expect(match, "the funnel's first step in the screen's data").not.toBeNull();
  return Number(match![1]);
};

/** The audit screen's page of trial entries, as HTML. */
const auditScreen = async (client: ApiClient) => {
  const res = await client.raw("GET", "/audit?entity=trials");
  expect(res.status).toBe(200);
  return await res.text();
};

const csvText = async (client: ApiClient, url: string) => {
  const res = await client.raw("GET", url);
  expect(res.status).toBe(200);
  return await res.text();
};

const logLines = (text: string) =>
  server!
    .output()
    .split("\n")
    .filter((line) => line.includes(text));

beforeAll(async () => {
  if (process.env.API_TEST_DB !== "postgres" || !process.env.TEST_DATABASE_URL) {
    throw new Error("tests/api/read-replica.test.ts runs against PostgreSQL only (API_TEST_DB=postgres and TEST_DATABASE_URL)");
  }
  bin = await binaries();
  asPostgresUser = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | null = null;
  if (asPostgresUser) {
    const ids = await run("id", ["postgres"]).catch(() => {
      throw new Error("running as root: this test needs a `postgres` OS user to run the replica's server");
    });
    owner = { uid: Number(/uid=(\d+)/.exec(ids.stdout)![1]), gid: Number(/gid=(\d+)/.exec(ids.stdout)![1]) };
  }
  await allowReplication();

  const database = await createTestDatabase("postgres");
  primaryUrl = database.url;
  dropDatabase = database.drop;
  const databaseName = new URL(primaryUrl).pathname.slice(1);

  folder = fs.mkdtempSync(path.join(os.tmpdir(), "escola-replica-"));
  if (owner) fs.chownSync(folder, owner.uid, owner.gid);
  fs.chmodSync(folder, 0o700);
  const data = path.join(folder, "data");
  const primary = new URL(process.env.TEST_DATABASE_URL);
  // pg_hba.conf may have just been reloaded: the first attempts can still be refused.
  await until(
    "pg_basebackup",
    async () => {
      fs.rmSync(data, { recursive: true, force: true });
      await sh(path.join(bin, "pg_basebackup"), [
        ...["-h", primary.hostname, "-p", primary.port || "5432", "-U", primary.username || "postgres"],
        ...["-D", data, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"],
      ]);
      return true;
    },
    30_000,
  );

  // The primary's configuration lives outside its data folder on Debian: the replica gets its own.
  const [limits] = await primaryQuery<Record<string, string>>(
    `SELECT current_setting('max_connections') AS max_connections, current_setting('max_worker_processes') AS max_worker_processes,
            current_setting('max_wal_senders') AS max_wal_senders, current_setting('max_prepared_transactions') AS max_prepared_transactions,
            current_setting('max_locks_per_transaction') AS max_locks_per_transaction`,
  );
  replicaPort = await freePort();
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(data, file), text);
    if (owner) fs.chownSync(path.join(data, file), owner.uid, owner.gid);
  };
  write(
    "postgresql.conf",
    [
      `port = ${replicaPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${folder}'`,
      "hot_standby = on",
      "shared_buffers = '16MB'",
      "fsync = off",
      "logging_collector = off",
      `hba_file = '${path.join(data, "pg_hba.conf")}'`,
      `ident_file = '${path.join(data, "pg_ident.conf")}'`,
      ...Object.entries(limits).map(([name, value]) => `${name} = ${value}`),
    ].join("\n") + "\n",
  );
  write("pg_hba.conf", "local all all trust\nhost all all 127.0.0.1/32 trust\n");
  write("pg_ident.conf", "");
  await startReplica();

  server = await startServer(primaryUrl, { DATABASE_REPLICA_URL: replicaUrl(databaseName) });
  factoryDb = openDatabase(primaryUrl);
  useFactoryDatabase(() => factoryDb!);
  writer = await register("Administrator");
  reader = await register("Administrator");
  classId = (await makeClass({ schedules: [{ dayOfWeek: "Quarta", startTime: "18:30", endTime: "19:30" }] })).cls.id;
  // The replica has everything written so far (the class included).
  await until("the replica to replay the class", async () => {
    const rows = await replicaQuery(`SELECT 1 FROM "classes" WHERE "id" = '${classId}'`, databaseName);
    return rows.length === 1;
  });
}, 120_000);

afterAll(async () => {
  await server?.stop().catch(() => {});
  await factoryDb?.close().catch(() => {});
  await stopReplica("immediate").catch((error) => console.error("the replica could not be stopped:", error));
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  await dropDatabase?.().catch(() => {});
});

describe("a read replica (DATABASE_REPLICA_URL)", () => {
  let trialId: string;

  it("serves the reports, the CSV exports and the audit list; the writer and the other reads get the primary", async () => {
    expect(await funnelTrials(reader)).toBe(0);
    // The replica stops replaying: a write from now on is on the primary only.
    await replicaQuery("SELECT pg_wal_replay_pause()");
    await until("the replay to pause", async () => {
      const [row] = await replicaQuery<{ state: string }>("SELECT pg_get_wal_replay_pause_state() AS state");
      return row.state === "paused";
    });

    const created = await writer.post("/api/trials", {
      guardianName: "Mariana Réplica",
      studentName: "Luísa Réplica",
      classId,
      whatsappNumber: "(11) 98765-4321",
      scheduledDate: "2018-03-14",
      scheduledTime: "18:30",
    });
    expect(created.status).toBe(201);
    trialId = created.body.id;
    // The write's answer carries the read-your-writes cookie, for DATABASE_REPLICA_AFTER_WRITE_SECONDS (5 by default).
    expect(created.headers.getSetCookie().find((c) => c.startsWith("recent_write="))).toBe(
      "recent_write=1; Max-Age=5; Path=/; HttpOnly; SameSite=Lax",
    );

    // Another user's reports (JSON and screen), CSV exports and audit list (JSON and screen) come from the replica: no trial there.
    expect(await funnelTrials(reader)).toBe(0);
    expect(await screenTrials(reader)).toBe(0);
    expect(await auditScreen(reader)).not.toContain("Luísa Réplica");
    expect((await csvText(reader, `/api/reports/funnel?${PERIOD}&format=csv`)).split("\r\n")[1]).toMatch(/^Total;Total;0;/);
    expect(await csvText(reader, "/api/trials?month=2018-03&format=csv")).not.toContain("Luísa Réplica");
    const readerAudit = await reader.get(`/api/audit?entity=trials&entityId=${trialId}`);
    expect([readerAudit.status, readerAudit.body]).toEqual([200, []]);
    // …while a read that is none of those (the trials' JSON list) comes from the primary.
    const list = await reader.get("/api/trials?month=2018-03");
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([trialId]);

    // The writer reads its own write, from the primary, while it holds the cookie.
    expect(await funnelTrials(writer)).toBe(1);
    expect(await screenTrials(writer)).toBe(1);
    expect(await auditScreen(writer)).toContain("Luísa Réplica");
    expect((await csvText(writer, `/api/reports/funnel?${PERIOD}&format=csv`)).split("\r\n")[1]).toMatch(/^Total;Total;1;/);
    expect(await csvText(writer, "/api/trials?month=2018-03&format=csv")).toContain("Luísa Réplica");
    const writerAudit = await writer.get(`/api/audit?entity=trials&entityId=${trialId}`);
    expect(writerAudit.body.map((e: { action: string }) => e.action)).toEqual(["create"]);
    // Without the cookie (its window over), the writer reads the replica like anyone.
    writer.cookies.delete("recent_write");
    expect(await funnelTrials(writer)).toBe(0);

    // The replica replays again and catches up: its answers have the trial.
    await replicaQuery("SELECT pg_wal_replay_resume()");
    await until("the replica to catch up", async () => (await funnelTrials(reader)) === 1);
    expect(logLines(DOWN_LINE)).toEqual([]);
  });

  it("answers from the primary when the replica is down, saying so once in the log, and once more when it is back", async () => {
    await stopReplica("fast");
    for (let i = 0; i < 4; i++) {
      expect(await funnelTrials(reader)).toBe(1);
      expect((await reader.get(`/api/audit?entity=trials&entityId=${trialId}`)).body).toHaveLength(1);
      expect(await csvText(reader, "/api/trials?month=2018-03&format=csv")).toContain("Luísa Réplica");
    }
    expect(logLines(DOWN_LINE)).toHaveLength(1);

    await startReplica();
    await until("the app to find the replica back", async () => logLines(BACK_LINE).length === 1, 15_000);
    // Reading from it again: a write it has not replayed is missing from the reader's report.
    await replicaQuery("SELECT pg_wal_replay_pause()");
    await until("the replay to pause", async () => {
      const [row] = await replicaQuery<{ state: string }>("SELECT pg_get_wal_replay_pause_state() AS state");
      return row.state === "paused";
    });
    const second = await writer.post("/api/trials", {
      guardianName: "Mariana Réplica",
      studentName: "Outra Réplica",
      classId,
      whatsappNumber: "(11) 98765-4321",
      scheduledDate: "2018-03-21",
      scheduledTime: "18:30",
    });
    expect(second.status).toBe(201);
    expect(await funnelTrials(reader)).toBe(1);
    expect(await funnelTrials(writer)).toBe(2);
    await replicaQuery("SELECT pg_wal_replay_resume()");
    expect(logLines(DOWN_LINE)).toHaveLength(1);
  });
});
