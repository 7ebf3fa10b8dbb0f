import { data, redirect } from "react-router";
import type { Route } from "./+types/branch";
import { isActiveBranch } from "~/domain/branches/queries.server";
import { isUuid } from "~/domain/validation";
import { writeSelectedBranchId } from "~/server/preferences.server";
import { requireUser, safeRedirect, signedInMiddleware } from "~/server/session.server";

export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware];

/** The global branch selector posts here (§4): store the choice and go back. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context);
  const form = await request.formData();
  const branchId = form.get("branchId");
  if (!isUuid(branchId) || !(await isActiveBranch(branchId))) {
    return data({ message: "Unidade inválida" }, { status: 400 });
  }
  return redirect(safeRedirect(form.get("redirectTo"), "/", request.url), {
    headers: { "Set-Cookie": await writeSelectedBranchId(branchId) },
  });
}

export async function loader() {
  return redirect("/");
}
