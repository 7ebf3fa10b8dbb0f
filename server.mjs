// The process around the HTTP application (server/app.ts): the build or Vite,
// configuration and migrations before the port opens, the cluster and its
// watchdog, timeouts, signals (SIGTERM drains in-flight requests). Every
// request is server/app.ts's: `npm start` runs it from the build,
// `npm run dev` (`node server.mjs --dev`) through Vite, with HMR.
// NODE_ENV must be set before React loads, hence the dynamic imports below.
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const dev = process.argv.includes("--dev");

// Without the production build there is nothing to serve: say so in one line.
const buildDir = resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
const serverEntry = resolve(buildDir, "server/index.js");
if (!dev && !existsSync(serverEntry)) {
  console.error('Build de produção não encontrado: rode "npm run build" e depois "npm start".');
  process.exit(1);
}

const explicitEnv = process.env.NODE_ENV;
process.env.NODE_ENV ??= dev ? "development" : "production";

// A production deployment (NODE_ENV=production set by the operator) must provide
// SESSION_SECRET or SESSION_SECRET_FILE (and DATA_ENCRYPTION_KEY or DATA_ENCRYPTION_KEY_FILE). A plain `npm start` or `npm run dev` on a
// workstation gets a random secret, generated once and kept next to the database, so the
// one-command start works and sessions survive restarts. Every variable is then
// read and validated by app/platform/env.server.ts (app.config()).
if (!process.env.SESSION_SECRET && !process.env.SESSION_SECRET_FILE && explicitEnv !== "production") {
  const fs = await import("node:fs");
  const { randomBytes } = await import("node:crypto");
  const file = "data/session-secret";
  if (!fs.existsSync(file)) {
    fs.mkdirSync("data", { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`SESSION_SECRET não definido: segredo gerado em ${file}`);
  }
  process.env.SESSION_SECRET_FILE = file;
}
// The same for DATA_ENCRYPTION_KEY, the key of the secrets stored in the database (a bank's
// client secret and private key): kept in data/data-encryption-key, which must then be kept
// with the database (without it those secrets cannot be read).
if (!process.env.DATA_ENCRYPTION_KEY && !process.env.DATA_ENCRYPTION_KEY_FILE && explicitEnv !== "production") {
  const fs = await import("node:fs");
  const { randomBytes } = await import("node:crypto");
  const file = "data/data-encryption-key";
  if (!fs.existsSync(file)) {
    fs.mkdirSync("data", { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`DATA_ENCRYPTION_KEY não definida: chave gerada em ${file}`);
  }
  process.env.DATA_ENCRYPTION_KEY_FILE = file;
}

const { pathToFileURL } = await import("node:url");
const { default: cluster } = await import("node:cluster");

// Workers report every second; the primary replaces one that stays silent (see watchdog()).
if (cluster.isWorker) setInterval(() => process.send?.({ type: "heartbeat" }), 1000).unref();

// The HTTP application (server/app.ts): built, or loaded through Vite in development.
// Loading it validates the configuration (app/platform/env.server.ts): a wrong
// value stops the start with one line per problem, not a stack trace.
let app, config, vite;
const http = await import("node:http");
// Development: created first, for Vite's HMR websocket. Production: created in serve(), with the
// app's request and response classes (server/app.ts, requestClasses).
let httpServer = dev ? http.createServer() : null;
try {
  if (dev) {
    const { createServer } = await import("vite");
    // The HMR websocket shares the app's port (no second port to open or to collide);
    // no CORS headers of Vite's own: the app's headers are production's.
    vite = await createServer({ server: { middlewareMode: true, hmr: { server: httpServer }, cors: false }, appType: "custom" });
    app = await vite.ssrLoadModule("./server/app.ts");
  } else {
    app = await import(pathToFileURL(serverEntry).href);
  }
  config = app.config();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await vite?.close();
  process.exit(1);
}

const port = config.PORT;
const host = config.HOST;

// Validates the configuration and applies pending migrations (once, in the primary, before any worker starts).
await app.prepare();

// Slow clients: the headers must arrive within HEADERS_TIMEOUT_MS and the whole
// request (a 5 MB avatar on a slow line included) within REQUEST_TIMEOUT_MS.
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;
// An idle keep-alive connection is closed by the client, never by the server while the
// client may be reusing it: Node's own agents (and browsers) drop an idle socket after 5 s,
// the default of the server too, so a request sent as the server closed the socket came back
// as ECONNRESET. Longer than the clients' and a load balancer's usual 60 s.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

// WEB_CONCURRENCY=N runs N worker processes sharing the port (sessions live in the
// database, so any worker can serve any request). Default: one process, which
// exits on a fatal error: run it under a supervisor (docs/deploy.md).
// Development runs one process (Vite and its HMR live in it).
const workers = dev ? 1 : config.WEB_CONCURRENCY;
if (workers > 1 && cluster.isPrimary) {
  await app.shutdown();
  let stopping = false;
  /** pid → time of the last heartbeat (or of the fork, plus the start-up allowance). */
  const lastBeat = new Map();
  const STARTUP_MS = 30_000;
  const bornAt = new Map();
  const fork = () => {
    const worker = cluster.fork();
    bornAt.set(worker.process.pid, Date.now());
    lastBeat.set(worker.process.pid, Date.now() + STARTUP_MS);
    worker.on("message", (msg) => {
      if (msg?.type === "heartbeat") lastBeat.set(worker.process.pid, Date.now());
    });
  };
  for (let i = 0; i < workers; i++) fork();
  console.log(`Servidor em http://localhost:${port} (${workers} processos)`);
  cluster.on("exit", (worker, code, signal) => {
    const pid = worker.process.pid;
    const lived = Date.now() - (bornAt.get(pid) ?? 0);
    lastBeat.delete(pid);
    bornAt.delete(pid);
    if (!stopping) {
      console.error(`worker ${pid} saiu (${signal ?? code}); iniciando outro`);
      // A worker that dies while starting (bad database, port taken) is not re-forked in a tight loop.
      if (lived < 5000) setTimeout(() => !stopping && fork(), 1000);
      else fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      process.exit(0);
    }
  });
  // Watchdog: a worker whose event loop is blocked sends no heartbeat and answers
  // no request; after WORKER_WATCHDOG_MS it is killed (SIGKILL: a blocked loop
  // cannot run a SIGTERM handler) and the exit handler above starts another.
  setInterval(() => {
    if (stopping) return;
    const now = Date.now();
    for (const worker of Object.values(cluster.workers ?? {})) {
      const pid = worker?.process.pid;
      const last = lastBeat.get(pid);
      if (!worker || last === undefined || now - last <= config.WORKER_WATCHDOG_MS) continue;
      console.error(`worker ${pid} sem sinal há ${Math.round((now - last) / 1000)} s (event loop bloqueado): encerrado e substituído`);
      lastBeat.delete(pid);
      worker.process.kill("SIGKILL");
    }
  }, 1000).unref();
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: encerrando ${workers} workers...`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} else {
  await serve();
}

/* ------------------------------------------------------------------------- */

async function serve() {
  // In development every request takes the current server/app.ts from Vite (an edit
  // reloads it); one application per loaded module.
  const apps = new WeakMap();
  const appOf = async (module) => {
    if (!apps.has(module)) {
      const assets = dev ? { handler: vite.middlewares } : { directory: resolve(buildDir, "client") };
      apps.set(module, module.createApp({ assets }));
    }
    return apps.get(module);
  };
  if (!dev) {
    const handler = await appOf(app);
    httpServer = http.createServer(app.requestClasses(handler), handler);
  } else
    httpServer.on("request", async (req, res) => {
      try {
        (await appOf(await vite.ssrLoadModule("./server/app.ts")))(req, res);
      } catch (error) {
        vite?.ssrFixStacktrace(error);
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Erro interno do servidor");
      }
    });

  const server = httpServer.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`Servidor em http://localhost:${port}${dev ? " (desenvolvimento, Vite com HMR)" : ""}`);
    console.log(`proxy confiável: ${app.describeTrustProxy(config.TRUST_PROXY)}`);
  });

  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  // A failure inside one request is answered by that request's error handling.
  // An exception that escapes it leaves the process in an unknown state: it is
  // logged and the process exits (the cluster primary, or the supervisor of a
  // single process, starts a new one).
  process.on("unhandledRejection", (reason) => console.error("unhandledRejection:", reason));
  process.on("uncaughtException", (error) => {
    console.error("uncaughtException (o processo será encerrado):", error);
    process.exit(1);
  });

  let closing = false;
  function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`${signal}: encerrando...`);
    // The job runner stops claiming now and finishes the jobs it runs (ADR 023), beside the requests in flight.
    const jobsDrained = app.stopJobs();
    server.close(async () => {
      await jobsDrained;
      await app.shutdown();
      await vite?.close();
      process.exit(0);
    });
    // Idle connections close now; one busy with a request when the signal came closes as soon
    // as its answer is out (left alone it would stay open for KEEP_ALIVE_TIMEOUT_MS and hold the exit).
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(1), 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
