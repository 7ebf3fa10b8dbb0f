import type { Request as NodeRequest, Response as NodeResponse } from "express";
import type { MiddlewareFunction, ServerBuild } from "react-router";
import { errorAnswer } from "./api.server";
import type { Answer } from "./answer.server";
import { requestUrl } from "./front-door.server";
import { laneRoutes, matchLane, type LaneRoute } from "./lane-routes.server";
import { fetchHeaders, requestContext, sendResponse } from "./node-adapter.server";

/**
 * The API's read lane (ADR 011): a `GET` of a JSON API route whose loader is
 * an `apiList(…)` (app/server/api.server.ts) is answered here, in front of React
 * Router, on Node's response: the same route table (`build.routes`, from
 * app/routes.ts), the same request context, the root's own middleware list
 * (`build.routes.root.module.middleware`, app/root.tsx: the one list both
 * doors run, read from the build, so it cannot drift), the same read and the
 * same bytes as the route's loader, without React Router's matching and data
 * strategy or a stream between them. Every other request, and a path this
 * lane does not own, goes on to React Router.
 *
 * A list route that exports its own `middleware` or `headers` is refused when
 * the server starts (`laneRoutes`): the lane would not apply them.
 */

type LaneRequest = NodeRequest;
type LaneResponse = NodeResponse;
type RouterMiddleware = MiddlewareFunction<Response>;

/** The root route's middleware list, as React Router runs it for every request. */
export function rootMiddleware(build: Pick<ServerBuild, "routes">): RouterMiddleware[] {
  return build.routes.root?.module.middleware ?? [];
}

/** An Express middleware: answers the lane's GETs, passes everything else on. */
export function createApiLane(build: Pick<ServerBuild, "routes">) {
  const routes = laneRoutes(build.routes);
  const middleware = rootMiddleware(build);
  return function apiLane(req: LaneRequest, res: LaneResponse, next: (error?: unknown) => void) {
    if (req.method !== "GET") return next();
    // The request's one URL, built by the front door (app/server/front-door.server.ts), as React Router gets it.
    const url = requestUrl(req);
    if (!url.pathname.startsWith("/api/")) return next();
    const found = matchLane(routes, url.pathname);
    if (!found?.route.list) return next();
    serve(middleware, found.route, found.params, url, req, res).catch(next);
  };
}

/**
 * Runs a middleware list as React Router does: each gets the request and a
 * `next()` that runs the rest and gives the answer (called for it when it does
 * not call it); a returned or thrown `Response` is the answer.
 */
export async function runMiddleware(
  list: RouterMiddleware[],
  args: Parameters<RouterMiddleware>[0],
  handler: () => Promise<Response>,
): Promise<Response> {
  const at = async (index: number): Promise<Response> => {
    if (index >= list.length) return handler();
    let result: Promise<Response> | undefined;
    const next = () => {
      if (result) throw new Error("next() chamado mais de uma vez no mesmo middleware");
      result = at(index + 1);
      return result;
    };
    try {
      const returned = await list[index](args, next);
      if (returned instanceof Response) return returned;
      return await (result ?? next());
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
  };
  return at(0);
}

async function serve(
  middleware: RouterMiddleware[],
  route: LaneRoute,
  params: Record<string, string>,
  url: URL,
  req: LaneRequest,
  res: LaneResponse,
) {
  const list = route.list!;
  const request = new Request(url.href, { headers: fetchHeaders(req) });
  const context = requestContext(req, res);
  // The answer travels as plain data; the middleware sees (and may add headers to) a Response without its body.
  let answer: Answer | null = null;
  let head: Response | null = null;
  let response: Response;
  try {
    response = await runMiddleware(middleware, { request, url, pattern: `/${route.segments.join("/")}`, params, context }, async () => {
      answer = await list.answer({ url, params, context });
      head = new Response(null, { status: answer.status, headers: answer.headers });
      return head;
    });
  } catch (error) {
    answer = errorAnswer(error);
    head = response = new Response(null, { status: answer.status, headers: answer.headers });
  }
  if (answer && response === head) await send(res, answer, response.headers);
  else await sendResponse(res, response);
}

async function send(res: LaneResponse, answer: Answer, headers: Headers) {
  if (res.destroyed || res.writableEnded) return;
  res.statusCode = answer.status;
  for (const [name, value] of headers) res.appendHeader(name, value);
  if (!answer.pull) {
    if (answer.body === null) return void res.end();
    res.setHeader("Content-Length", typeof answer.body === "string" ? Buffer.byteLength(answer.body) : answer.body.byteLength);
    res.end(answer.body);
    return;
  }
  // A long list: the next batch is read only when the client has taken the previous one.
  let closed = false;
  res.once("close", () => (closed = true));
  try {
    for (;;) {
      if (closed) return;
      const chunk = await answer.pull();
      if (closed) return;
      if (!chunk) {
        res.end();
        return;
      }
      const more = res.write(chunk);
      (res as { flush?: () => void }).flush?.();
      if (!more)
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off("drain", done);
            res.off("close", done);
            resolve();
          };
          res.on("drain", done);
          res.on("close", done);
        });
    }
  } catch (error) {
    // Headers are gone: the client sees a cut answer (invalid JSON), never a wrong one.
    console.error(error);
    res.destroy(error instanceof Error ? error : undefined);
  }
}
