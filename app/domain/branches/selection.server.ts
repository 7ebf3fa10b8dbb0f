/** §4: the branch selector's choices (read by ./queries.server.ts) and the rule that picks the selected one. */

export interface BranchOption {
  id: string;
  name: string;
  isDefault: boolean;
}

/**
 * §4 selected branch: the stored choice when it is still an active branch;
 * otherwise the branch that is default and active, otherwise the first active one.
 */
export function resolveSelectedBranch(stored: string | null, options: BranchOption[]): { id: string | null; auto: boolean } {
  if (stored && options.some((b) => b.id === stored)) return { id: stored, auto: false };
  const chosen = options.find((b) => b.isDefault) ?? options[0];
  return { id: chosen?.id ?? null, auto: true };
}
