import fs from "node:fs";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { env } from "~/platform/env.server";
import { setSchoolTimeZone } from "~/domain/calendar/dates";
import { closeDb, runAudited } from "~/platform/db.server";
import { startHousekeeping, stopHousekeeping } from "~/domain/housekeeping.server";
import { startJobRunner, stopJobRunner } from "~/platform/jobs.server";
import { jobRegistry } from "~/server/jobs.server";
import { stopSessionSignals } from "~/platform/session-signals.server";
import { securityHeaders } from "~/server/security.server";
import { createFrontDoor } from "~/server/front-door.server";
import { createApiLane } from "~/server/api-lane.server";
import { requestContext, sendResponse, toFetchRequest } from "~/server/node-adapter.server";
import { clientIpContext } from "~/server/request-context.server";

/**
 * The HTTP application: one request pipeline, the same for `npm run dev` and
 * `npm start`. server.mjs owns the process (cluster, watchdog, signals, the
 * listening socket); this module owns every request, in this order:
 *
 * 1. compression (when the request has Accept-Encoding), the security headers (CSP nonce),
 * 2. the front door (method, the one URL, origin of writes, session of a
 *    write before its body, body caps: app/server/front-door.server.ts),
 * 3. static files: the client build's `/assets` and root files (production),
 *    or Vite's dev middleware (development, HMR),
 * 4. test hooks (TEST_HOOKS=1 only), the first request's log line,
 * 5. the API's read lane (app/server/api-lane.server.ts, ADR 011),
 * 6. React Router, with each request's context (client address, CSP nonce,
 *    the front door's session).
 *
 * Built by `npm run build` as the server bundle's entry (vite.config.ts:
 * build/server/index.js); in development server.mjs loads it through Vite
 * (`ssrLoadModule`), so an edit reloads it.
 */

export const build: ServerBuild = serverBuild;

/** The classes the HTTP server builds requests and responses with (server.mjs). */
export { requestClasses } from "~/server/request-classes.server";

/** The validated configuration (throws a readable error listing every problem). */
export { env as config, describeTrustProxy } from "~/platform/env.server";

/** Called by server.mjs before it listens: validates configuration and applies migrations. */
export async function prepare() {
  const config = env();
  if (config.NODE_ENV === "production" && config.REGISTRATION === "open") {
    console.warn(
      "Aviso: REGISTRATION=open: qualquer pessoa pode criar uma conta de qualquer tipo, inclusive Administrador, " +
        "e ver os dados de todas as famílias. Em produção, use REGISTRATION=client ou REGISTRATION=closed.",
    );
  }
  startHousekeeping();
  // Every process runs the job queue's runner (each cluster worker too: claims are atomic, ADR 023).
  startJobRunner(jobRegistry());
}

/** Called on SIGTERM at once: the job runner stops claiming and the promise settles when its running jobs finished. */
export function stopJobs(): Promise<void> {
  return stopJobRunner();
}

/** Called on SIGTERM after in-flight requests finished. */
export async function shutdown() {
  await stopJobRunner();
  await stopHousekeeping();
  await stopSessionSignals();
  await closeDb();
}

export interface AppOptions {
  /**
   * Where static files come from: the client build's directory (production)
   * or a handler serving them (development: Vite's middleware, which also
   * transforms the app's modules for the browser).
   */
  assets: { directory: string } | { handler: RequestHandler };
}

export async function createApp(options: AppOptions): Promise<express.Express> {
  const config = env();
  setSchoolTimeZone(config.SCHOOL_TIME_ZONE);
  const app = express();
  app.disable("x-powered-by");
  // false (no proxy), a hop count, or the proxies' addresses: parsed by app/platform/env.server.ts.
  app.set("trust proxy", config.TRUST_PROXY);
  // Compression for the clients that say which encodings they take (every browser does). A
  // request without Accept-Encoding would get the identity anyway, so it skips the middleware,
  // which wraps each response's write, end and headers (about 5 % of a small JSON answer's CPU).
  const compress = compression();
  app.use((req, res, next) => (req.headers["accept-encoding"] ? compress(req, res, next) : next()));
  app.use(securityHeaders);
  // Method, the request's one URL and Host, the origin of writes, the session (or
  // upload token) before any body is read, body caps (app/server/front-door.server.ts).
  app.use(createFrontDoor(build));
  app.use(staticFiles(options.assets));
  if (config.TEST_HOOKS) app.use(await testHooks());
  app.use(firstRequestLog(config.TRUST_PROXY === false));

  // The API's read lane: a GET of a list endpoint is answered before React Router (ADR 011).
  // API_READ_LANE=off sends those GETs through React Router too (same answers).
  if (config.API_READ_LANE !== "off") app.use(createApiLane(build));

  const handleRequest = createRequestHandler(build, config.NODE_ENV);
  app.use(async (req, res, next) => {
    try {
      const context = requestContext(req, res);
      // The audit trail's scope (db/audit.ts): every entry this request's writes produce names its client's
      // address and, once the session is looked up (app/server/session.server.ts), its user.
      const response = await runAudited({ ip: context.get(clientIpContext) }, () => handleRequest(toFetchRequest(req, res), context));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  return app;
}

function staticFiles(assets: AppOptions["assets"]): RequestHandler {
  if ("handler" in assets) return assets.handler;
  const dir = assets.directory;
  // The hashed bundles under /assets/ (served from the build's directory by their full path).
  const hashed = express.static(dir, { immutable: true, maxAge: "1y" });
  // The few files at the root of the client build (favicon, logo): looked up by
  // name, so other requests do not pay a file-system lookup.
  const rootFiles = new Set(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `/${e.name}`),
  );
  const rootStatic = express.static(dir, { maxAge: "1h" });
  // A plain function rather than a router of its own: every request passes here, and a
  // nested router's dispatch was a measurable part of a small JSON answer's time.
  return (req, res, next) => {
    if (req.path.startsWith("/assets/")) return hashed(req, res, next);
    if (rootFiles.has(req.path)) return rootStatic(req, res, next);
    next();
  };
}

/** What the server believes about its clients (first request only): a wrong TRUST_PROXY shows here, e.g. every client with the proxy's address. */
function firstRequestLog(noProxy: boolean): RequestHandler {
  let firstSeen = false;
  return (req, res, next) => {
    if (!firstSeen) {
      firstSeen = true;
      console.log(`primeira requisição: cliente ${req.ip}, esquema ${req.protocol}, host ${req.host}`);
      if (noProxy && req.headers["x-forwarded-for"]) {
        console.warn(
          "aviso: a requisição traz X-Forwarded-For, mas TRUST_PROXY não está definido: atrás de um proxy, defina TRUST_PROXY=1",
        );
      }
    }
    next();
  };
}

/** Test-only routes under /__test/ (TEST_HOOKS=1): the process id and memory, a blocked event loop, an uncaught exception. */
async function testHooks(): Promise<express.Router> {
  console.warn("TEST_HOOKS=1: rotas de teste /__test/* ativas (bloquear o event loop, lançar exceção). Nunca em produção.");
  // ?gc runs a full garbage collection first, so `held` (JS heap + Buffers) counts only what is still referenced.
  const { setFlagsFromString } = await import("node:v8");
  const { enqueue } = await import("~/platform/jobs.server");
  const { transaction } = await import("~/platform/db.server");
  const { failJob, recordJob, testRuns } = await import("~/server/test-jobs.server");
  setFlagsFromString("--expose-gc");
  const gc = (await import("node:vm")).runInNewContext("gc") as () => void;
  const router = express.Router();
  router.get("/__test/pid", (req, res) => {
    if (req.query.gc !== undefined) gc();
    const memory = process.memoryUsage();
    res.json({ pid: process.pid, rss: memory.rss, held: memory.heapUsed + memory.arrayBuffers });
  });
  router.post("/__test/block", (req, res) => {
    const ms = Math.min(Number(req.query.ms) || 0, 120_000);
    console.log(`__test/block: event loop do pid ${process.pid} bloqueado por ${ms} ms`);
    // A synchronous wait the bundler cannot drop (an empty busy loop it removes as dead code).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    res.json({ pid: process.pid });
  });
  // The test job kinds (JOBS_TEST_KINDS=1): enqueue `count` of them in one request's transaction; read this process's runs.
  router.post("/__test/jobs", async (req, res, next) => {
    try {
      if (!env().JOBS_TEST_KINDS) return void res.status(404).json({ message: "JOBS_TEST_KINDS não está ativo" });
      const q = req.query as Record<string, string | undefined>;
      const count = Math.min(Math.max(Number(q.count) || 1, 1), 1000);
      const job = q.kind === "test.fail" ? failJob : recordJob;
      await transaction(async (t) => {
        for (let i = 0; i < count; i++) {
          const payload = {
            tag: `${q.tag ?? ""}${count > 1 ? `#${i}` : ""}`,
            sleepMs: Number(q.sleepMs) || 0,
            message: q.message ?? "falha de teste",
          };
          await enqueue(t, job as typeof recordJob, payload, {
            key: q.key,
            runAt: q.delayMs ? new Date(Date.now() + Number(q.delayMs)) : undefined,
          });
        }
      });
      res.status(201).json({ enqueued: count });
    } catch (error) {
      next(error);
    }
  });
  router.get("/__test/jobs/runs", (req, res) => {
    res.json({ pid: process.pid, runs: testRuns() });
  });
  router.post("/__test/throw", (req, res) => {
    setImmediate(() => {
      throw new Error("exceção de teste (TEST_HOOKS)");
    });
    res.status(202).json({ pid: process.pid });
  });
  return router;
}
