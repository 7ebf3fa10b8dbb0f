import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin } from "~/domain/auth/service.server";
import type { UserDTO } from "~/domain/users/service.server";

export interface SignedIn {
  user: UserDTO;
  remember: boolean;
}

/** The request's client address, as the server passes it in the load context. */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: unknown } | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : "unknown";
}

export const authenticator = new Authenticator<SignedIn>();

// The form strategy and POST /api/login share verifyLogin.
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const ip = (request.headers.get("X-Client-Ip-Internal") ?? "unknown").slice(0, 64);
    return verifyLogin(
      { email: form.get("email") ?? undefined, password: form.get("password") ?? undefined, remember: form.get("remember") ?? undefined },
      ip,
    );
  }),
  "form",
);

/** Authenticates the login form; throws the service's domain errors. */
export function authenticateForm(request: Request, ip: string): Promise<SignedIn> {
  const headers = new Headers(request.headers);
  headers.set("X-Client-Ip-Internal", ip);
  return authenticator.authenticate("form", new Request(request, { headers }));
}
