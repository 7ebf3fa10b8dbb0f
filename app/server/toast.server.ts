import { createCookie, data, redirect } from "react-router";
import { env } from "../platform/env.server";
import { newToast, type Toast } from "../lib/toast";

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
export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init: { headers?: HeadersInit } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(newToast(toast)));
  return redirect(url, { headers });
}

/**
 * An answer that stays on the page (a form sent back with its errors, a
 * fetcher's result) with a toast: it travels in the answer's `toast`, which the
 * root's toast channel shows (server-rendered too, so also without JavaScript).
 */
export function dataWithToast<T extends object>(payload: T, toast: Omit<Toast, "id">, init?: number | ResponseInit) {
  return data({ ...payload, toast: newToast(toast) }, init);
}
