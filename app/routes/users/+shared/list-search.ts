/** The list's own search params (`?q=&page=`), kept by its dialogs' links and redirects. */
export function usersListSearch(url: URL | string): string {
  const source = new URL(url, "http://x").searchParams;
  const params = new URLSearchParams();
  const q = source.get("q")?.trim();
  const page = Number(source.get("page"));
  if (q) params.set("q", q.slice(0, 100));
  if (Number.isInteger(page) && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The users list URL with its search params, where dialogs go back to. */
export function usersListUrl(url: URL | string): string {
  return `/users${usersListSearch(url)}`;
}
