import { useRouteLoaderData } from "react-router";
import type { BranchOption } from "~/domain/branches/selection.server";
import type { UserDTO } from "~/domain/users/schema";

/**
 * What the app layout's loader (routes/app-layout.tsx, typed by this) gives
 * every screen inside the signed-in shell: written out here, so the shell's
 * components do not import the route that renders them.
 */
export interface ShellData {
  user: UserDTO;
  sidebarOpen: boolean;
  branches: BranchOption[];
  selectedBranchId: string | null;
  autoSelectedBranch: boolean;
  permissions: { isAdmin: boolean; isStaff: boolean };
}

/** Data of the signed-in shell (user, permissions, branches, selected branch) for any screen inside it. */
export function useShell(): ShellData {
  const shell = useRouteLoaderData("routes/app-layout") as ShellData | undefined;
  if (!shell) throw new Error("useShell must be used inside the app layout");
  return shell;
}
