import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as NodeRequest, Response as NodeResponse } from "express";
import { RouterContextProvider } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { discardBody, doorSession, requestBody, requestUrl } from "./front-door.server";
import { clientIpContext, cspNonceContext, doorSessionContext, readerContext } from "./request-context.server";
import { replicaReader } from "./reader.server";

/**
 * Node's request and response on one side, the Fetch `Request`/`Response` and
 * React Router's context on the other: used by both doors of server/app.ts
 * (React Router's handler and the API's read lane), so they build the same
 * context and send a `Response` the same way.
 *
 * `@react-router/express` is not used: it builds the URL from `req.originalUrl`
 * (the raw target, before the front door resolved it) and reads the body from
 * Node's request itself, past the front door's byte counter.
 */

/** Each request's React Router context starts with what only this server knows (app/server/request-context.server.ts). */
export function requestContext(req: NodeRequest, res: NodeResponse): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
  context.set(cspNonceContext, (res.locals.cspNonce as string | undefined) ?? "");
  context.set(doorSessionContext, doorSession(req));
  context.set(readerContext, replicaReader(req.headers.cookie));
  return context;
}

/** Node's request headers as Fetch `Headers`. */
export function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  return headers;
}

/**
 * The Fetch Request React Router sees: the request's one URL (built by the front
 * door, with the scheme and host the browser used: Express reads
 * X-Forwarded-Proto/-Host only from trusted proxies, so the action origin check
 * and Secure cookies work behind an HTTPS proxy), and the body as a stream
 * counted as it flows (a body over its cap aborts the request: 413).
 */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse): Request {
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: fetchHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = requestBody(req, res, () => controller?.abort());
    if (body) {
      init.body = body;
      init.duplex = "half";
    }
  }
  return new Request(requestUrl(req).href, init);
}

/** Writes a Fetch `Response` to Node's response (its body streamed, with back-pressure). */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  // Answered before the request's body was read to its end (a file refused part-way): the
  // connection is not reused, and the rest of the body is discarded (a client that reused it
  // would have its next request reset).
  if (!res.req.complete) discardBody(res.req, res);
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [key, value] of response.headers.entries()) res.appendHeader(key, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
