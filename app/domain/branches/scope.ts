import { monthTitle } from "../calendar/dates";

/** The scope of a screen or a command that covers every branch. */
export const ALL_BRANCHES = "Todas as unidades";

/** The name of a scope: the branch's name, or 'Todas as unidades' when none is chosen. */
export function scopeName(branchName: string | null | undefined): string {
  return branchName || ALL_BRANCHES;
}

/**
 * A charges or report screen's subtitle: its branch and its month, 'Unidade
 * Centro · Novembro de 2026' ('Todas as unidades · …' when no branch is
 * chosen). A period of several months names its first and last:
 * 'Unidade Centro · Junho de 2026 a Novembro de 2026'.
 */
export function scopeSubtitle(branchName: string | null | undefined, firstMonth: string, lastMonth = firstMonth): string {
  const months = firstMonth === lastMonth ? monthTitle(firstMonth) : `${monthTitle(firstMonth)} a ${monthTitle(lastMonth)}`;
  return `${scopeName(branchName)} · ${months}`;
}
