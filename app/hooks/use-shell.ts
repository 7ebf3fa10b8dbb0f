import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/app-layout";

export type ShellData = Awaited<ReturnType<typeof loader>>["data"];

/** Data of the signed-in shell (user, permissions, branches, selected branch) for any screen inside it. */
export function useShell(): ShellData {
  const shell = useRouteLoaderData<typeof loader>("routes/app-layout");
  if (!shell) throw new Error("useShell must be used inside the app layout");
  return shell as ShellData;
}
