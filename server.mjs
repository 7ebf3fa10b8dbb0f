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
// SESSION_SECRET. A plain `npm start` on a workstation gets a random secret,
// generated once and kept next to the database, so the one-command start works
// and sessions survive restarts.
if (!process.env.SESSION_SECRET && explicitEnv !== "production") {
  const fs = await import("node:fs");
  const { randomBytes } = await import("node:crypto");
  const file = process.env.SESSION_SECRET_FILE ?? "data/session-secret";
  if (!fs.existsSync(file)) {
    fs.mkdirSync((await import("node:path")).dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`SESSION_SECRET não definido: segredo gerado em ${file}`);
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { createRequestHandler } = await import("@react-router/express");

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const path = await import("node:path");
const { pathToFileURL } = await import("node:url");
const { default: cluster } = await import("node:cluster");
const build = await import(pathToFileURL(serverEntry).href);
// Validates the configuration and applies pending migrations (once, in the primary, before any worker starts).
await build.entry.module.prepare();

// WEB_CONCURRENCY=N runs N worker processes sharing the port (sessions live in the
// database, so any worker can serve any request). Default: one process.
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1) || 1);
if (workers > 1 && cluster.isPrimary) {
  await build.entry.module.shutdown();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  console.log(`Servidor em http://localhost:${port} (${workers} processos)`);
  cluster.on("exit", (worker, code) => {
    if (!stopping) {
      console.error(`worker ${worker.process.pid} saiu (${code}); reiniciando`);
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      process.exit(0);
    }
  });
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

async function serve() {
  const app = express();
  app.disable("x-powered-by");
  // A number is a hop count; a string is a list of addresses ("1" would trust the IP 0.0.0.1 and every
  // client would share the proxy's address, and its login limit).
  const trustProxy = process.env.TRUST_PROXY;
  if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
  app.use(compression());
  app.use(build.entry.module.securityHeaders);
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // The few files at the root of the client build (favicon, logo): looked up by
  // name, so other requests do not pay a file-system lookup.
  const fs = await import("node:fs");
  const rootFiles = new Set(
    fs.readdirSync(path.join(buildDir, "client"), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => `/${e.name}`),
  );
  const rootStatic = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  app.use((req, res, next) => (rootFiles.has(req.path) ? rootStatic(req, res, next) : next()));
  app.all(
    /.*/,
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        cspNonce: res.locals.cspNonce,
      }),
    }),
  );

  const server = app.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`Servidor em http://localhost:${port}`);
  });

  // A failure inside one request is answered by that request's error handling;
  // anything that escapes is logged, never allowed to stop the process.
  process.on("unhandledRejection", (reason) => console.error("unhandledRejection:", reason));
  process.on("uncaughtException", (error) => console.error("uncaughtException:", error));

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
