/** Stands in for the app's own origin when none is given: only "same origin or not" matters. */
const OWN_ORIGIN = "http://app.invalid";

/**
 * Only paths on this site are followed after sign-in. The value is read the way
 * a browser reads a Location header (`URL` drops tabs and line breaks, turns
 * backslashes into slashes, resolves dot segments) against the app's origin;
 * anything that lands elsewhere, or is not a path, gives `fallback`. The answer
 * is the normalised path, so it can never break a header. Never throws.
 */
export function safeRedirect(to: unknown, fallback = "/", origin: string = OWN_ORIGIN): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  try {
    const base = new URL(origin);
    const url = new URL(to, base);
    if (url.origin !== base.origin) return fallback;
    // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
    if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
