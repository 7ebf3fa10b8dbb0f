import { ChevronLeftIcon, ChevronRightIcon } from "~/components/icons";
import { LinkButton, buttonClass } from "./button";

/**
 * 'Anterior' / 'Página N de M' / 'Próxima' under a paged list. The ends keep
 * their place: at the first or last page the control is shown as unavailable
 * (muted, but with text contrast that still meets WCAG AA, and hidden from
 * assistive technology, which reads the page count instead).
 */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const unavailable = buttonClass("outline", "sm", "pointer-events-none border-slate-200 bg-slate-50 text-slate-600 shadow-none");
  return (
    <nav aria-label="Paginação" className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <LinkButton to={href(page - 1)} variant="outline" size="sm" rel="prev">
          <ChevronLeftIcon /> Anterior
        </LinkButton>
      ) : (
        <span className={unavailable} aria-hidden="true">
          <ChevronLeftIcon /> Anterior
        </span>
      )}
      <p className="text-sm text-slate-700">{`Página ${page} de ${pageCount}`}</p>
      {page < pageCount ? (
        <LinkButton to={href(page + 1)} variant="outline" size="sm" rel="next">
          Próxima <ChevronRightIcon />
        </LinkButton>
      ) : (
        <span className={unavailable} aria-hidden="true">
          Próxima <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}

/** The list's URL for a page, keeping its search term. */
export function pageHref(path: string, q: string) {
  return (page: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return `${path}${search ? `?${search}` : ""}`;
  };
}
