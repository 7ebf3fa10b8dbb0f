/** The students screens' helpers: the list's URL parameters, ages and dates as shown. */

export type StatusFilter = "active" | "inactive" | null;

/** `?q=&status=&page=` of the list, cleaned (a long or unknown value is dropped). */
export function readListParams(url: URL): { q: string; status: StatusFilter; page: number } {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const raw = params.get("status");
  const status: StatusFilter = raw === "active" || raw === "inactive" ? raw : null;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return { q, status, page };
}

/** The list's URL for a search, a status and a page. */
export function listHref({ q, status, page }: { q: string; status: StatusFilter; page: number }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/students${search ? `?${search}` : ""}`;
}

/** The list's own search params from a dialog's URL (where the dialog goes back to). */
export function listSearch(url: URL): string {
  const href = listHref(readListParams(url));
  return href.slice("/students".length);
}

export function ageLabel(age: number | null | undefined): string {
  if (age === null || age === undefined) return "-";
  return age === 1 ? "1 ano" : `${age} anos`;
}
