import { createCookie, redirect } from "react-router";
import { env } from "./env.server";
import type { Toast } from "./lib/toast";

/** Flash toasts: written by an action, shown once by the next page (works without JS). */
const toastCookie = createCookie("__toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: env().SESSION_SECRETS,
});

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object" || typeof value.title !== "string") return { toast: null, clear: null };
  const toast: Toast = {
    id: typeof value.id === "string" ? value.id : crypto.randomUUID(),
    title: value.title,
    description: typeof value.description === "string" ? value.description : undefined,
    variant: value.variant === "destructive" ? "destructive" : "default",
  };
  return { toast, clear: await toastCookie.serialize("", { maxAge: 0, expires: new Date(0) }) };
}

/** Post/Redirect/Get with a toast. Extra Set-Cookie headers may be passed in `headers`. */
export async function redirectWithToast(
  url: string,
  toast: Omit<Toast, "id">,
  init: { headers?: HeadersInit } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader({ id: crypto.randomUUID(), ...toast }));
  return redirect(url, { headers });
}
