import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The school network's name (APP_NAME), from the root loader. */
export function useAppName(): string {
  const root = useRouteLoaderData<typeof loader>("root");
  return root?.appName ?? "Escola";
}
