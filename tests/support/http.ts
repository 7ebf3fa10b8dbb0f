import { inject } from "vitest";
import { randomUUID } from "node:crypto";

export type Role = "Administrator" | "Team" | "Client";

/**
 * An answer's JSON as a test reads it: the tests check answers of every shape (error
 * bodies and wrong answers included), so it is typed only where a test names a type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one untyped JSON of the tests, named here
export type Json = any;

export interface JsonResponse<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client with its own cookie jar, talking to the test server. */
export class ApiClient {
  readonly baseUrl: string;
  cookies = new Map<string, string>();
  user: { id: string; email: string; name: string; userType: string } | null = null;

  constructor(baseUrl = inject("baseUrl")) {
    this.baseUrl = baseUrl;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Raw request; `body` objects are sent as JSON. */
  async raw(method: string, path: string, init: { body?: BodyInit | object; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (
        typeof init.body === "string" ||
        init.body instanceof Uint8Array ||
        init.body instanceof Blob ||
        init.body instanceof FormData ||
        init.body instanceof URLSearchParams ||
        init.body instanceof ArrayBuffer
      ) {
        body = init.body as BodyInit;
      } else {
        body = JSON.stringify(init.body);
        headers["Content-Type"] ??= "application/json";
      }
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: "manual" });
    this.remember(res);
    return res;
  }

  async request<T = Json>(
    method: string,
    path: string,
    body?: object | string,
    headers?: Record<string, string>,
  ): Promise<JsonResponse<T>> {
    const res = await this.raw(method, path, { body, headers });
    const text = await res.text();
    let parsed: Json = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = Json>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = Json>(path: string, body?: object | string, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body, headers);
  }
  patch<T = Json>(path: string, body?: object | string, headers?: Record<string, string>) {
    return this.request<T>("PATCH", path, body, headers);
  }
  put<T = Json>(path: string, body?: object | string, headers?: Record<string, string>) {
    return this.request<T>("PUT", path, body, headers);
  }
  delete<T = Json>(path: string) {
    return this.request<T>("DELETE", path);
  }

  /** Posts an HTML form (as a browser without JS would). */
  async form(path: string, fields: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
    return this.raw("POST", path, { body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.baseUrl } });
  }
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@teste.com`;
}

/** Registers a fresh user of a role and returns a client signed in as them. */
export async function signIn(role: Role, name = `Usuário ${role}`): Promise<ApiClient> {
  const client = new ApiClient();
  const email = uniqueEmail(role.toLowerCase());
  const res = await client.post("/api/register", { name, email, password: "segredo123", userType: role });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.user = res.body;
  return client;
}

export const anonymous = () => new ApiClient();
