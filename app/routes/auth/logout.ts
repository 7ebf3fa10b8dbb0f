import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/server/session.server";

export async function action({ request }: Route.ActionArgs) {
  return redirect("/auth", { headers: { "Set-Cookie": await endSession(request) } });
}

export async function loader() {
  return redirect("/");
}
