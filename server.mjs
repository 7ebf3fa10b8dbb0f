// Production server: static assets + the React Router request handler.
// Migrations run before the port opens; SIGTERM drains in-flight requests.
// NODE_ENV must be set before React loads, hence the dynamic imports below.
import { existsSync } from "node:fs";
import { resolve } from "node:path";

// Without the production build there is nothing to serve: say so in one line.
const buildDir = resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
const serverEntry = resolve(buildDir, "server/index.js");
if (!existsSync(serverEntry)) {
  console.error('Build de produção não encontrado: rode "npm run build" e depois "npm start".');
  process.exit(1);
}

const explicitEnv = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";

// A production deployment (NODE_ENV=production set by the operator) must provide
// SESSION_SECRET or SESSION_SECRET_FILE. A plain `npm start` on a workstation
// gets a random secret, generated once and kept next to the database, so the
// one-command start works and sessions survive restarts. Every variable is then
// read and validated by app/platform/env.server.ts (build.entry.module.config()).
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

const path = await import("node:path");
const { pathToFileURL } = await import("node:url");
const { default: cluster } = await import("node:cluster");

// Workers report every second; the primary replaces one that stays silent (see watchdog()).
if (cluster.isWorker) setInterval(() => process.send?.({ type: "heartbeat" }), 1000).unref();

// Importing the build validates the configuration (app/platform/env.server.ts): a wrong
// value stops the start with one line per problem, not a stack trace.
let build, config;
try {
  build = await import(pathToFileURL(serverEntry).href);
  config = build.entry.module.config();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { createRequestHandler, RouterContextProvider } = await import("react-router");
const { writeReadableStreamToWritable } = await import("@react-router/node");

const port = config.PORT;
const host = config.HOST;

// Validates the configuration and applies pending migrations (once, in the primary, before any worker starts).
await build.entry.module.prepare();

// Slow clients: the headers must arrive within HEADERS_TIMEOUT_MS and the whole
// request (a 5 MB avatar on a slow line included) within REQUEST_TIMEOUT_MS.
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;

// WEB_CONCURRENCY=N runs N worker processes sharing the port (sessions live in the
// database, so any worker can serve any request). Default: one process, which
// exits on a fatal error: run it under a supervisor (docs/deploy.md).
const workers = config.WEB_CONCURRENCY;
if (workers > 1 && cluster.isPrimary) {
  await build.entry.module.shutdown();
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
  const app = express();
  app.disable("x-powered-by");
  // false (no proxy), a hop count, or the proxies' addresses: parsed by app/platform/env.server.ts.
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());
  app.use(build.entry.module.securityHeaders);
  // Method, the request's one URL and Host, the origin of writes, the session (or
  // upload token) before any body is read, body caps (app/server/front-door.server.ts).
  app.use(build.entry.module.createFrontDoor(build));
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // The few files at the root of the client build (favicon, logo): looked up by
  // name, so other requests do not pay a file-system lookup.
  const fs = await import("node:fs");
  const rootFiles = new Set(
    fs.readdirSync(path.join(buildDir, "client"), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => `/${e.name}`),
  );
  const rootStatic = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  app.use((req, res, next) => (rootFiles.has(req.path) ? rootStatic(req, res, next) : next()));

  if (config.TEST_HOOKS) {
    console.warn("TEST_HOOKS=1: rotas de teste /__test/* ativas (bloquear o event loop, lançar exceção). Nunca em produção.");
    // ?gc runs a full garbage collection first, so `held` (JS heap + Buffers) counts only what is still referenced.
    const { setFlagsFromString } = await import("node:v8");
    setFlagsFromString("--expose-gc");
    const gc = (await import("node:vm")).runInNewContext("gc");
    app.get("/__test/pid", (req, res) => {
      if (req.query.gc !== undefined) gc();
      const memory = process.memoryUsage();
      res.json({ pid: process.pid, rss: memory.rss, held: memory.heapUsed + memory.arrayBuffers });
    });
    app.post("/__test/block", (req, res) => {
      const ms = Math.min(Number(req.query.ms) || 0, 120_000);
      console.log(`__test/block: event loop do pid ${process.pid} bloqueado por ${ms} ms`);
      const until = Date.now() + ms;
      while (Date.now() < until) {
        /* busy: the event loop is blocked */
      }
      res.json({ pid: process.pid });
    });
    app.post("/__test/throw", (req, res) => {
      setImmediate(() => {
        throw new Error("exceção de teste (TEST_HOOKS)");
      });
      res.status(202).json({ pid: process.pid });
    });
  }

  // What the server believes about its clients (first request only): a wrong
  // TRUST_PROXY shows here, e.g. every client with the proxy's address.
  let firstSeen = false;
  app.use((req, res, next) => {
    if (!firstSeen) {
      firstSeen = true;
      console.log(`primeira requisição: cliente ${req.ip}, esquema ${req.protocol}, host ${req.host}`);
      if (config.TRUST_PROXY === false && req.headers["x-forwarded-for"]) {
        console.warn("aviso: a requisição traz X-Forwarded-For, mas TRUST_PROXY não está definido: atrás de um proxy, defina TRUST_PROXY=1");
      }
    }
    next();
  });

  // The API's read lane: a GET of a list endpoint is answered before React Router (app/server/api-lane.server.ts, ADR 011).
  // API_READ_LANE=off sends those GETs through React Router too (same answers).
  if (config.API_READ_LANE !== "off") app.use(build.entry.module.createApiLane(build));

  const handleRequest = createRequestHandler(build, config.NODE_ENV);
  const { clientIpContext, cspNonceContext, doorSessionContext, doorSession } = build.entry.module;
  app.all(/.*/, async (req, res, next) => {
    try {
      // Each request's React Router context starts with what only this server knows (app/server/request-context.server.ts).
      const context = new RouterContextProvider();
      context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
      context.set(cspNonceContext, res.locals.cspNonce);
      context.set(doorSessionContext, doorSession(req));
      const response = await handleRequest(toFetchRequest(req, res), context);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  const server = app.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`Servidor em http://localhost:${port}`);
    console.log(`proxy confiável: ${build.entry.module.describeTrustProxy(config.TRUST_PROXY)}`);
  });

  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;

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
    server.close(async () => {
      await build.entry.module.shutdown();
      process.exit(0);
    });
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(1), 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The Fetch Request React Router sees: the request's one URL (built by the front
 * door, with the scheme and host the browser used: Express reads
 * X-Forwarded-Proto/-Host only from trusted proxies, so the action origin check
 * and Secure cookies work behind an HTTPS proxy), and the body as a stream
 * counted as it flows (a body over its cap aborts the request: 413).
 */
function toFetchRequest(req, res) {
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = build.entry.module.requestBody(req, res, () => controller?.abort());
    if (init.body) init.duplex = "half";
  }
  return new Request(build.entry.module.requestUrl(req).href, init);
}

async function sendResponse(res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) return res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
