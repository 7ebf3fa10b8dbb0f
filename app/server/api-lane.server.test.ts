import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { RouterContextProvider } from "react-router";
import { runMiddleware } from "./api-lane.server";
import { laneRoutes, matchLane } from "./lane-routes.server";

const list = Object.assign(async () => new Response(), { answer: async () => ({ status: 200, headers: {}, body: null }) });
const plain = async () => new Response();

/** A route table shaped like build.routes (app/routes.ts): API routes are children of the root. */
function build(routes: Array<[id: string, path: string, loader: unknown]>): ServerBuild["routes"] {
  const table: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  table["app-layout"] = { id: "app-layout", parentId: "root", module: {} };
  table["courses-page"] = { id: "courses-page", parentId: "app-layout", path: "courses", module: { loader: list } };
  for (const [id, path, loader] of routes) table[id] = { id, parentId: "root", path, module: { loader } };
  return table as ServerBuild["routes"];
}

const routes = laneRoutes(
  build([
    ["makeup", "api/makeups/:id", plain],
    ["makeups", "api/makeups", list],
    ["makeup-options", "api/makeups/options", list],
    ["trial", "api/trials/:id", plain],
    ["trial-histories", "api/trials/all-histories", list],
    ["class-links", "api/classes/:id/schedules", list],
    ["api-not-found", "api/*", plain],
  ]),
);
const at = (path: string) => {
  const found = matchLane(routes, path);
  return found && { path: found.route.segments.join("/"), list: Boolean(found.route.list), params: found.params };
};

describe("the API lane's matching (as React Router ranks these paths)", () => {
  it("only the API routes under the root, without the catch-all; a loader is the lane's only when it is an apiList", () => {
    expect(routes.map((r) => r.segments.join("/")).sort()).toEqual(
      [
        "api/classes/:id/schedules",
        "api/makeups",
        "api/makeups/:id",
        "api/makeups/options",
        "api/trials/:id",
        "api/trials/all-histories",
      ].sort(),
    );
    expect(at("/api/makeups/3f1c")).toEqual({ path: "api/makeups/:id", list: false, params: { id: "3f1c" } });
  });

  it("a static segment wins over a parameter, whatever the order in the table", () => {
    expect(at("/api/makeups/options")).toMatchObject({ path: "api/makeups/options", list: true });
    expect(at("/api/trials/all-histories")).toMatchObject({ path: "api/trials/all-histories", list: true });
  });

  it("decodes parameters, ignores case and one trailing slash", () => {
    expect(at("/api/classes/a%20b/schedules")).toEqual({ path: "api/classes/:id/schedules", list: true, params: { id: "a b" } });
    expect(at("/API/Makeups/")).toMatchObject({ path: "api/makeups", list: true });
  });

  it("no match for other paths, an empty parameter, or a parameter that is not valid percent-encoding", () => {
    expect(at("/api/nothing")).toBeNull();
    expect(at("/api/classes//schedules")).toBeNull();
    expect(at("/api/classes/%E0%A4%A/schedules")).toBeNull();
    expect(at("/api/makeups/options/extra")).toBeNull();
  });
});

describe("a list route with its own middleware or headers (refused when the server starts)", () => {
  const withModule = (module: Record<string, unknown>) => {
    const table = build([["makeups", "api/makeups", list]]) as Record<string, unknown>;
    table["own"] = { id: "own", parentId: "root", path: "api/own", module };
    return table as ServerBuild["routes"];
  };
  const middleware = [async () => undefined];

  it("refuses an apiList route that exports middleware, headers or both, naming the route and what it exports", () => {
    expect(() => laneRoutes(withModule({ loader: list, middleware }))).toThrow(/own \(\/api\/own\).*exporta middleware:/);
    expect(() => laneRoutes(withModule({ loader: list, headers: { "X-A": "1" } }))).toThrow(/exporta headers:/);
    expect(() => laneRoutes(withModule({ loader: list, middleware, headers: () => ({}) }))).toThrow(/exporta middleware e headers:/);
  });

  it("accepts the same exports on a route the lane does not answer (React Router serves it, with them)", () => {
    expect(() => laneRoutes(withModule({ loader: plain, middleware, headers: { "X-A": "1" } }))).not.toThrow();
    expect(
      laneRoutes(withModule({ loader: list }))
        .map((r) => r.id)
        .sort(),
    ).toEqual(["makeups", "own"]);
  });
});

describe("the lane runs a middleware list as React Router does", () => {
  const url = new URL("http://escola.test/api/makeups");
  const args = { request: new Request(url), url, pattern: "/api/makeups", params: {}, context: new RouterContextProvider() };
  type M = Parameters<typeof runMiddleware>[0][number];

  it("in order, around the handler; one that does not call next() gets it called; headers added on the way out reach the answer", async () => {
    const seen: string[] = [];
    const first: M = async (_, next) => {
      seen.push("first in");
      const response = await next();
      response.headers.append("X-Trail", "first");
      seen.push("first out");
      return response;
    };
    const second: M = () => void seen.push("second");
    const answer = await runMiddleware([first, second], args, async () => {
      seen.push("handler");
      return new Response(null, { status: 204 });
    });
    expect(seen).toEqual(["first in", "second", "handler", "first out"]);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("X-Trail")).toBe("first");
  });

  it("a returned or thrown Response is the answer, and the handler does not run", async () => {
    let ran = false;
    const handler = async () => ((ran = true), new Response("lista"));
    const returns: M = () => new Response("recusado", { status: 403 });
    const throws: M = () => {
      throw new Response(null, { status: 302, headers: { Location: "/auth" } });
    };
    expect((await runMiddleware([returns], args, handler)).status).toBe(403);
    expect((await runMiddleware([throws], args, handler)).headers.get("Location")).toBe("/auth");
    expect(ran).toBe(false);
  });
});
