import { data, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/app-layout";
import { AppShell } from "~/components/shell/app-shell";
import { ScreenError } from "~/components/route-error";
import type { ShellData } from "~/hooks/use-shell";
import { canManage, canManageTrials } from "~/domain/actor";
import { branchSelectionMiddleware, selectedBranch } from "~/server/branch-selection.server";
import { readSidebarOpen, writeSelectedBranchId } from "~/server/preferences.server";
import { requireUser, signedInMiddleware } from "~/server/session.server";

/** Every screen and dialog below is for signed-in users; the session and the selected branch are read once per request. */
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware, branchSelectionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const [sidebarOpen, selected] = await Promise.all([readSidebarOpen(request), selectedBranch(context)]);
  const headers = new Headers();
  if (selected.id && selected.id !== selected.stored) headers.append("Set-Cookie", await writeSelectedBranchId(selected.id));
  return data<ShellData>(
    {
      user,
      sidebarOpen,
      branches: selected.options,
      selectedBranchId: selected.id,
      autoSelectedBranch: selected.auto,
      permissions: { manage: canManage(user), trials: canManageTrials(user) },
    },
    { headers },
  );
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
