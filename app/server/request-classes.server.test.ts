import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestClasses } from "./request-classes.server";

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves `app` through `requestClasses`, recording each request's prototypes as Node built them, before Express runs. */
async function serve(app: express.Express) {
  const built: Array<{ request: boolean; response: boolean }> = [];
  server = http.createServer(requestClasses(app), (req, res) => {
    built.push({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response });
    app(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, built };
}

describe("requestClasses", () => {
  it("builds each request and response with the app's own prototypes, so Express has nothing to change", async () => {
    const app = express();
    app.set("trust proxy", 1);
    app.get("/eco", (req, res) => {
      res.locals.seen = req.query.q;
      res.status(201).json({
        q: res.locals.seen,
        ip: req.ip,
        protocol: req.protocol,
        host: req.host,
        isRequest: req instanceof http.IncomingMessage,
        isResponse: res instanceof http.ServerResponse,
      });
    });
    const { url, built } = await serve(app);

    const res = await fetch(`${url}/eco?q=bal%C3%A9`, { headers: { "X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      q: "balé",
      ip: "203.0.113.7",
      protocol: "https",
      host: new URL(url).host,
      isRequest: true,
      isResponse: true,
    });
    // A second request too: each request's objects are built the same way.
    expect((await fetch(`${url}/eco?q=jazz`)).status).toBe(201);
    expect(built).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it("keeps Node's request and response working: a streamed body in, a streamed answer out, errors through Express", async () => {
    const app = express();
    app.post("/soma", (req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => {
        res.write(String(bytes));
        res.end(" bytes");
      });
    });
    app.get("/falha", () => {
      throw new Error("falhou");
    });
    app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (res.headersSent) return next(error);
      res.status(500).type("text").send("erro tratado");
    });
    const { url } = await serve(app);

    const sum = await fetch(`${url}/soma`, { method: "POST", body: "x".repeat(100_000) });
    expect(await sum.text()).toBe("100000 bytes");
    const failed = await fetch(`${url}/falha`);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("erro tratado");
  });
});
