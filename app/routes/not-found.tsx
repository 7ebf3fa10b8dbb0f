import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { AppShell } from "~/components/shell/app-shell";
import { branchSelectionMiddleware } from "~/server/branch-selection.server";
import { getUser } from "~/server/session.server";
import { loadShell } from "~/server/shell.server";

/** The shell of a signed-in visitor needs the branch selection; a signed-out one gets the page alone. */
export const middleware: Route.MiddlewareFunction[] = [branchSelectionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return data({ shell: null }, { status: 404 });
  const { shell, headers } = await loadShell(request, context, user);
  return data({ shell }, { status: 404, headers });
}

/** Unknown URLs: SPEC's English page (§2) under a Portuguese line, inside the shell for a signed-in user, with the way back. */
export default function NotFound({ loaderData }: Route.ComponentProps) {
  const page = (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p className="mb-2 text-base font-semibold text-slate-800">Página não encontrada</p>
      <h1 id="not-found-title" lang="en" className="text-2xl font-bold text-slate-900">
        404 Page Not Found
      </h1>
      <p lang="en" className="mt-4 text-sm text-slate-700">
        Did you forget to add the page to the router?
      </p>
      <a href="/" className="btn btn-default btn-md mt-6 min-h-11">
        Voltar ao início
      </a>
    </section>
  );
  if (loaderData?.shell) return <AppShell shell={loaderData.shell}>{page}</AppShell>;
  return <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">{page}</main>;
}

export const meta: Route.MetaFunction = () => [{ title: "404 Page Not Found" }];
