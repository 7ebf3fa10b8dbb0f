import { beforeAll, describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { laneRoutes, matchLane } from "~/server/lane-routes.server";
import { loadBuiltApp } from "../support/built-app";
import { flattenRoutes } from "../support/route-table";

/**
 * The read lane ranks the API's routes itself (app/server/api-lane.server.ts):
 * for every path of the route table, its parameters filled with plain values,
 * with the names of sibling static segments ("options", "branch", …), encoded
 * characters, another case and a trailing slash, the lane's match is React
 * Router's own (`matchRoutes` over the production build's routes): the same
 * route and the same parameters; when the lane matches nothing, React Router's
 * match is a route the lane does not own (the API's catch-all, a screen).
 */

let build: ServerBuild;
beforeAll(async () => {
  build = (await loadBuiltApp()).build;
});

/** build.routes as the tree React Router matches (as its server runtime builds it). */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const children = routeTree(routes, route!.id);
      return route!.index
        ? { id: route!.id, index: true, caseSensitive: route!.caseSensitive }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: children.length ? children : undefined };
    });
}

/**
 * Every path of the table: each parameter filled in turn with a plain value,
 * encoded characters, and each static segment a sibling route has at that
 * place (/api/makeups/:id with "options"); then with a trailing slash and in
 * capitals.
 */
function paths(): string[] {
  const patterns = [...new Set(flattenRoutes().map((r) => r.path))].map((p) => p.split("/"));
  const siblingStatics = (segments: string[], at: number) =>
    patterns
      .filter((other) => other.length > at && other.slice(0, at).join("/") === segments.slice(0, at).join("/"))
      .map((other) => other[at])
      .filter((s) => s && !s.startsWith(":") && s !== "*");
  const out = new Set<string>();
  const add = (path: string) => {
    out.add(path);
    out.add(`${path}/`);
    out.add(path.toUpperCase());
  };
  for (const segments of patterns) {
    const plain = segments.map((s) => (s.startsWith(":") || s === "*" ? "3f1c9a" : s));
    add(plain.join("/"));
    segments.forEach((segment, at) => {
      if (!(segment.startsWith(":") || segment === "*")) return;
      for (const value of ["a%20b", "%C3%A7", "2025-03-10", ...siblingStatics(segments, at)]) {
        add(plain.map((s, i) => (i === at ? value : s)).join("/"));
      }
    });
  }
  return [...out];
}

describe("the read lane's ranking is React Router's", () => {
  it.each([
    ["in the order of app/routes.ts", false],
    ["with the table reversed (ranking, not order, decides)", true],
  ])(
    "for every path of the route table, the lane matches React Router's route with its parameters, %s",
    (_, reversed) => {
      const routes = reversed ? (Object.fromEntries(Object.entries(build.routes).reverse()) as ServerBuild["routes"]) : build.routes;
      const lane = laneRoutes(routes);
      const laneIds = new Set(lane.map((r) => r.id));
      const tree = routeTree(routes);
      const all = paths();
      expect(all.length).toBeGreaterThan(300);
      expect(lane.length).toBeGreaterThan(30);
      const differences: string[] = [];
      let laneMatched = 0;
      for (const path of all) {
        const ours = matchLane(lane, path);
        const leaf = matchRoutes(tree, path)?.at(-1);
        if (ours) {
          laneMatched++;
          const params = leaf ? Object.fromEntries(Object.entries(leaf.params).filter(([name]) => name !== "*")) : null;
          if (leaf?.route.id !== ours.route.id)
            differences.push(`${path}: lane ${ours.route.id}, React Router ${leaf?.route.id ?? "none"}`);
          else if (JSON.stringify(params) !== JSON.stringify(ours.params))
            differences.push(`${path}: lane params ${JSON.stringify(ours.params)}, React Router ${JSON.stringify(params)}`);
        } else if (leaf && laneIds.has(leaf.route.id!)) {
          differences.push(`${path}: lane none, React Router ${leaf.route.id}`);
        }
      }
      expect(laneMatched).toBeGreaterThan(100);
      expect(differences, differences.join("\n")).toEqual([]);
    },
    180_000,
  );
});
