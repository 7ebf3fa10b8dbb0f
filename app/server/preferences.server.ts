import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE } from "../lib/preferences";

/**
 * Plain (unsigned, readable by the page's script) preference cookies: the
 * sidebar state ("true"/"false", §9: 7 days) and the selected branch id (§4).
 * Their values are only preferences, validated on every read.
 */
function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function plainCookie(name: string, value: string, maxAge: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

export async function readSidebarOpen(request: Request): Promise<boolean> {
  return readCookie(request, SIDEBAR_COOKIE) !== "false";
}

export async function writeSidebarOpen(open: boolean): Promise<string> {
  return plainCookie(SIDEBAR_COOKIE, String(open), SIDEBAR_MAX_AGE);
}

const BRANCH_COOKIE = "selected_branch";

export async function readSelectedBranchId(request: Request): Promise<string | null> {
  const value = readCookie(request, BRANCH_COOKIE);
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
}

export async function writeSelectedBranchId(id: string): Promise<string> {
  return plainCookie(BRANCH_COOKIE, id, 60 * 60 * 24 * 365);
}
