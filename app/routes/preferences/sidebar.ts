import { redirect } from "react-router";
import type { Route } from "./+types/sidebar";
import { readSidebarOpen, writeSidebarOpen } from "~/server/preferences.server";
import { safeRedirect } from "~/server/session.server";

/** Without JavaScript the sidebar toggle posts here: flip the cookie and go back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const open = form.has("open") ? form.get("open") === "true" : !(await readSidebarOpen(request));
  return redirect(safeRedirect(form.get("redirectTo"), "/", request.url), {
    headers: { "Set-Cookie": await writeSidebarOpen(open) },
  });
}

export async function loader() {
  return redirect("/");
}
