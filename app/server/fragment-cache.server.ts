import { createHash } from "node:crypto";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { FragmentCache } from "~/components/server-cached";
import { createLru } from "~/platform/cache.server";

const LIMIT = 200;

/**
 * The process's fragment cache (see ServerCached): least recently used entries
 * go first once LIMIT fragments are kept. A fragment is at most a few hundred kB.
 */
export function createFragmentCache(limit = LIMIT): FragmentCache & { size(): number } {
  const entries = createLru<string>({ maxEntries: limit });
  return {
    html(name: string, deps: unknown, children: () => ReactNode): string {
      const key = `${name}:${createHash("sha256")
        .update(JSON.stringify(deps) ?? "")
        .digest("base64url")}`;
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const html = renderToString(children());
      entries.set(key, html);
      return html;
    },
    size: () => entries.size,
  };
}

export const fragmentCache = createFragmentCache();
