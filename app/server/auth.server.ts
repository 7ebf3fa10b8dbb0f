import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin } from "~/domain/auth/service.server";
import type { UserDTO } from "~/domain/users/schema";
import { clientIpContext, type RequestContext } from "./request-context.server";

export interface SignedIn {
  user: UserDTO;
  remember: boolean;
}

/** The request's client address, as server/app.ts sets it in the request context ("unknown" without it). */
export function clientIp(context: RequestContext): string {
  return context.get(clientIpContext);
}

interface Credentials {
  email?: FormDataEntryValue;
  password?: FormDataEntryValue;
  remember?: boolean;
}

/** The sign-in form's fields, read by the form strategy. */
export const authenticator = new Authenticator<Credentials>();

authenticator.use(
  new FormStrategy(async ({ form }) => ({
    email: form.get("email") ?? undefined,
    password: form.get("password") ?? undefined,
    // A checked checkbox posts "on"; the JSON login takes a boolean only (the form adapter converts, as every form does).
    remember: form.has("remember") ? form.get("remember") !== "false" : undefined,
  })),
  "form",
);

/** Authenticates the login form; throws the service's domain errors. The form and POST /api/login share verifyLogin. */
export async function authenticateForm(request: Request, ip: string): Promise<SignedIn> {
  return verifyLogin(await authenticator.authenticate("form", request), ip);
}
