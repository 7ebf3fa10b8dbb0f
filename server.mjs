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
// read and validated by app/env.server.ts (build.entry.module.config()).
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

// Importing the build validates the configuration (app/env.server.ts): a wrong
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

// Request bodies are capped while they stream, before any route code runs (limitBody).
const MB = 1024 * 1024;
/** Forms and JSON. */
const BODY_LIMIT = MB;
/** The avatar: 5 MB of image plus room for the form fields and multipart boundaries. */
const AVATAR_BODY_LIMIT = 5 * MB + 64 * 1024;
/** The two places an avatar travels: the signed upload URL (PUT) and the no-JS user edit form (multipart). */
const AVATAR_PATHS = /^\/(?:api\/objects\/upload\/[^/]+|users\/[^/]+\/edit(?:\.data)?)$/;
/** After a 413 the rest of the body is read and discarded (so the client sees the answer) up to this much or LINGER_MS, then the connection is cut. */
const LINGER_BYTES = 64 * MB;
const LINGER_MS = 5000;

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
/* Request bodies: capped while they stream, before any route code runs.     */
/* ------------------------------------------------------------------------- */

function tooLarge(req, res, avatar) {
  const message = avatar
    ? "Arquivo muito grande: o limite é de 5 MB (5242880 bytes)"
    : "Corpo da requisição muito grande: o limite é de 1 MB (1048576 bytes)";
  res.status(413);
  // The connection is not reused: the rest of the body is still on its way.
  res.set("Connection", "close");
  if (req.path.startsWith("/api/")) {
    res.json({ message });
  } else if (req.path.endsWith(".data")) {
    res.type("text/plain; charset=utf-8").send(message);
  } else {
    const back = req.originalUrl.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Envio muito grande</title></head>` +
          `<body><main><h1>Envio muito grande</h1><p>${message}.</p><p><a href="${back}">Voltar</a></p></main></body></html>`,
      );
  }
  // Discard what the client is still sending (nothing is kept) and close our side
  // once the 413 is out (FIN, not a reset: a reset could destroy the answer before
  // the client reads it). A client that keeps sending is cut off after a while.
  if (req.complete) return;
  const socket = req.socket;
  let discarded = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  req.on("data", (chunk) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) cut();
  });
  socket.once("close", () => clearTimeout(timer));
  // Node would destroy the socket right after a "Connection: close" answer;
  // ending it instead keeps reading (and discarding) until the client closes.
  socket.destroySoon = () => socket.end();
  if (res.writableFinished) socket.end();
  req.resume();
}

/** Reads the whole body into `req.rawBody`, refusing it (413) as soon as it passes the cap. */
function limitBody(req, res, next) {
  const avatar = AVATAR_PATHS.test(req.path);
  const limit = avatar ? AVATAR_BODY_LIMIT : BODY_LIMIT;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return tooLarge(req, res, avatar);
  if (req.method === "GET" || req.method === "HEAD") return next();
  const chunks = [];
  let size = 0;
  const cleanup = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("close", onClose);
  };
  const onData = (chunk) => {
    size += chunk.length;
    if (size > limit) {
      cleanup();
      chunks.length = 0;
      tooLarge(req, res, avatar);
    } else {
      chunks.push(chunk);
    }
  };
  const onEnd = () => {
    cleanup();
    req.rawBody = Buffer.concat(chunks, size);
    next();
  };
  // The client went away before the end of its body: nothing to answer.
  const onClose = () => cleanup();
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("close", onClose);
}

/* ------------------------------------------------------------------------- */

async function serve() {
  const app = express();
  app.disable("x-powered-by");
  // false (no proxy), a hop count, or the proxies' addresses: parsed by app/env.server.ts.
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());
  app.use(build.entry.module.securityHeaders);
  app.use(limitBody);
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
    app.get("/__test/pid", (req, res) => res.json({ pid: process.pid, rss: process.memoryUsage().rss }));
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

  // The API's read lane: a GET of a list endpoint is answered before React Router (app/lib/api-lane.server.ts, ADR 011).
  if (process.env.API_READ_LANE !== "off") app.use(build.entry.module.createApiLane(build));

  const handleRequest = createRequestHandler(build, config.NODE_ENV);
  const { clientIpContext, cspNonceContext } = build.entry.module;
  app.all(/.*/, async (req, res, next) => {
    try {
      // Each request's React Router context starts with what only this server knows (app/request-context.server.ts).
      const context = new RouterContextProvider();
      context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
      context.set(cspNonceContext, res.locals.cspNonce);
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
 * The Fetch Request React Router sees. Its URL carries the scheme and host the
 * browser used (Express reads X-Forwarded-Proto/-Host only from trusted proxies),
 * so the action origin check and Secure cookies work behind an HTTPS proxy.
 */
function toFetchRequest(req, res) {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const portNumber = [forwardedPort, hostPort].map((p) => Number.parseInt(p, 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname?.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${portNumber ? `:${portNumber}` : ""}${req.originalUrl}`);
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") init.body = req.rawBody ?? null;
  return new Request(url.href, init);
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
