import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin } from "~/domain/auth/service.server";
import type { UserDTO } from "~/domain/users/service.server";
import { clientIpContext, type RequestContext } from "./request-context.server";

export interface SignedIn {
  user: UserDTO;
  remember: boolean;
}

/** The request's client address, as server.mjs sets it in the request context ("unknown" without it, e.g. `react-router dev`). */
export function clientIp(context: RequestContext): string {
  return context.get(clientIpContext);
}

interface Credentials {
  email?: FormDataEntryValue;
  password?: FormDataEntryValue;
  remember?: FormDataEntryValue;
}

/** The sign-in form's fields, read by the form strategy. */
export const authenticator = new Authenticator<Credentials>();

authenticator.use(
  new FormStrategy(async ({ form }) => ({
    email: form.get("email") ?? undefined,
    password: form.get("password") ?? undefined,
    remember: form.get("remember") ?? undefined,
  })),
  "form",
);

/** Authenticates the login form; throws the service's domain errors. The form and POST /api/login share verifyLogin. */
export async function authenticateForm(request: Request, ip: string): Promise<SignedIn> {
  return verifyLogin(await authenticator.authenticate("form", request), ip);
}
