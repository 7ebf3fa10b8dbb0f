import type { ShellData } from "../hooks/use-shell";
import { isAdmin, isStaff } from "../domain/access/roles";
import type { UserDTO } from "../domain/users/schema";
import { selectedBranch } from "./branch-selection.server";
import { readSidebarOpen, writeSelectedBranchId } from "./preferences.server";
import type { RequestContext } from "./request-context.server";

/**
 * What the signed-in shell needs (the user, the sidebar's state, the branches
 * and the selected one, the permissions), for the app layout and for the pages
 * outside it that show the shell to a signed-in user (the 404 page). The
 * request needs `branchSelectionMiddleware`. A branch chosen automatically is
 * kept in its cookie (the `Set-Cookie` header returned).
 */
export async function loadShell(request: Request, context: RequestContext, user: UserDTO): Promise<{ shell: ShellData; headers: Headers }> {
  const [sidebarOpen, selected] = await Promise.all([readSidebarOpen(request), selectedBranch(context)]);
  const headers = new Headers();
  if (selected.id && selected.id !== selected.stored) headers.append("Set-Cookie", await writeSelectedBranchId(selected.id));
  return {
    shell: {
      user,
      sidebarOpen,
      branches: selected.options,
      selectedBranchId: selected.id,
      autoSelectedBranch: selected.auto,
      permissions: { isAdmin: isAdmin(user), isStaff: isStaff(user) },
    },
    headers,
  };
}
