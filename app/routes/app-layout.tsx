import { data, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/app-layout";
import { AppShell } from "~/components/shell/app-shell";
import { describeRouteError, ScreenError } from "~/components/route-error";
import type { ShellData } from "~/hooks/use-shell";
import { branchSelectionMiddleware } from "~/server/branch-selection.server";
import { loadShell } from "~/server/shell.server";
import { requireUser, signedInMiddleware } from "~/server/session.server";

/** Every screen and dialog below is for signed-in users; the session and the selected branch are read once per request. */
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware, branchSelectionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shell, headers } = await loadShell(request, context, requireUser(context));
  return data<ShellData>(shell, { headers });
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell shell={loaderData}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A screen that failed (a record that does not exist, a 403, an unexpected
 * error) shows its Portuguese message inside the shell, with the menu and a
 * way back. When the shell itself could not be loaded, the message alone.
 */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("routes/app-layout");
  if (!shell) return <ScreenError standalone />;
  return (
    <AppShell shell={shell}>
      <ScreenError />
    </AppShell>
  );
}

/** The page of a failed screen is named by its error ('Não encontrado', 'Acesso negado'…); the screens name their own pages. */
export function meta({ error }: Route.MetaArgs): Route.MetaDescriptors {
  return error ? [{ title: describeRouteError(error).title }] : [];
}
