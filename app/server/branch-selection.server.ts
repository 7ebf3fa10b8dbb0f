import { createContext, type MiddlewareFunction } from "react-router";
import { listActiveBranchOptions } from "../domain/branches/queries.server";
import { resolveSelectedBranch, type BranchOption } from "../domain/branches/selection.server";
import { readSelectedBranchId } from "./preferences.server";
import type { RequestContext } from "./request-context.server";

/** §4: the active branches, the choice stored in the browser's cookie, and the branch that is selected. */
export interface BranchSelection {
  options: BranchOption[];
  stored: string | null;
  /** The selected branch; null when there are no active branches. */
  id: string | null;
  /** True when the stored choice was missing or no longer active and the rule chose instead. */
  auto: boolean;
}

async function selectBranch(request: Request): Promise<BranchSelection> {
  const [options, stored] = await Promise.all([listActiveBranchOptions(), readSelectedBranchId(request)]);
  return { options, stored, ...resolveSelectedBranch(stored, options) };
}

const branchContext = createContext<() => Promise<BranchSelection>>();

/**
 * Middleware of the signed-in layout: the selection is computed once per
 * request, when the shell or a screen first asks for it (a dialog's action
 * that does not need it reads nothing).
 */
export const branchSelectionMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  let pending: Promise<BranchSelection> | undefined;
  context.set(branchContext, () => (pending ??= selectBranch(request)));
};

/** This request's branch selection (routes under the signed-in layout). */
export function selectedBranch(context: RequestContext): Promise<BranchSelection> {
  return context.get(branchContext)();
}

/** The globally selected branch of this request (§4), for loaders that filter by it. */
export async function getSelectedBranchId(context: RequestContext): Promise<string | null> {
  return (await selectedBranch(context)).id;
}

/** The name of a branch among the active ones of this request's selection (null for none or an unknown one). */
export async function branchNameOf(context: RequestContext, branchId: string | null | undefined): Promise<string | null> {
  if (!branchId) return null;
  return (await selectedBranch(context)).options.find((o) => o.id === branchId)?.name ?? null;
}
