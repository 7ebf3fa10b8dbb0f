import { createCookie } from "react-router";

import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE } from "./lib/preferences";
import { selectedBranchIdFor } from "./domain/branches/selection.server";

/** §2/§9: the sidebar's open state, 7 days. Readable by the page's script too. */
const sidebarCookie = createCookie(SIDEBAR_COOKIE, { path: "/", sameSite: "lax", maxAge: SIDEBAR_MAX_AGE });

export async function readSidebarOpen(request: Request): Promise<boolean> {
  const value = await sidebarCookie.parse(request.headers.get("Cookie"));
  return value !== false && value !== "false";
}

export function writeSidebarOpen(open: boolean): Promise<string> {
  return sidebarCookie.serialize(open);
}

/** §4: the globally selected branch, kept where the server can use it (filters work without JS). */
const branchCookie = createCookie("selected_branch", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export async function readSelectedBranchId(request: Request): Promise<string | null> {
  const value = await branchCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export function writeSelectedBranchId(id: string): Promise<string> {
  return branchCookie.serialize(id);
}

/** The globally selected branch of this request (§4), for loaders that filter by it. */
export async function getSelectedBranchId(request: Request): Promise<string | null> {
  return selectedBranchIdFor(await readSelectedBranchId(request));
}
