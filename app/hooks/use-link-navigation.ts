import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Client-side navigation for the plain `<a href>` links inside an element, with
 * one click handler instead of a router `<Link>` per link: long lists (the month
 * calendar) stay cheap to render on the server and still navigate without a full
 * page load once JavaScript runs. New-tab clicks, other sites and `target` links
 * keep the browser's behaviour; without JavaScript every link is an ordinary link.
 * `preventScrollReset` is the container's rule; a link marked `data-keep-scroll`
 * (one that opens a dialog over the page) keeps the scroll position in any case.
 */
export function useLinkNavigation({ preventScrollReset = true }: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest("a");
      if (!link || !event.currentTarget.contains(link) || link.target || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(link.pathname + link.search + link.hash, {
        preventScrollReset: preventScrollReset || link.hasAttribute("data-keep-scroll"),
      });
    },
    [navigate, preventScrollReset],
  );
}
