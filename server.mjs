// Production server: static assets + the React Router request handler.
// Migrations run before the port opens; SIGTERM drains in-flight requests.
// NODE_ENV must be set before React loads, hence the dynamic imports below.
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

const buildDir = process.env.BUILD_DIR ?? "build";
const path = await import("node:path");
const { pathToFileURL } = await import("node:url");
const build = await import(pathToFileURL(path.resolve(import.meta.dirname, buildDir, "server/index.js")).href);
await build.entry.module.prepare();

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
app.use(compression());
app.use(build.entry.module.securityHeaders);
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
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
  console.log(`Servidor em http://localhost:${port}`);
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
