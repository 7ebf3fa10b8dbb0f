import { createContext, createElement, useContext, type ReactNode } from "react";

/**
 * Server-side fragment cache. Long lists whose markup is a pure function of a
 * little data (the month calendar, the classes list) are rendered to HTML once
 * per distinct data and reused until the data changes; the key is the data
 * itself (`deps`), so there is nothing to invalidate and a change shows at once.
 */
export interface FragmentCache {
  /** The HTML of `children` (called only on a miss), for the key (`name`, `deps`). */
  html(name: string, deps: unknown, children: () => ReactNode): string;
}

export const FragmentCacheContext = createContext<FragmentCache | null>(null);

/**
 * `<ServerCached as="tbody" name=… deps=…>{rows}</ServerCached>` renders the
 * element `as` with `children`. On the server the children's HTML comes from the
 * fragment cache; in the browser they render (and hydrate against that same
 * HTML) as usual. Everything `children` shows must be in `deps`, and the children
 * must not use the router's context (plain `<a href>` with `useLinkNavigation`,
 * not `<Link>`): on a miss they are rendered on their own. `children` may be a
 * function: on the server it is then called only on a miss, so a hit costs
 * neither building the elements nor what they are built from.
 */
export function ServerCached({
  as,
  name,
  deps,
  children,
  ...props
}: {
  as: "tbody" | "div" | "ul" | "nav";
  name: string;
  deps: unknown;
  children: ReactNode | (() => ReactNode);
} & Record<string, unknown>) {
  const cache = useContext(FragmentCacheContext);
  const render = typeof children === "function" ? children : () => children;
  if (!cache) return createElement(as, props, render());
  return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: cache.html(name, deps, render) } });
}
