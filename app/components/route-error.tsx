import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from "react-router";
import { CloseFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";

const UNEXPECTED = "Ocorreu um erro inesperado. Tente novamente.";

/**
 * What a person reads for a failed screen or dialog: the domain's Portuguese
 * message for the statuses a request can cause (404 'Curso não encontrado',
 * 403, 409…), a generic sentence for anything else (no internals leak).
 */
export function describeRouteError(error: unknown): { status: number; title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const given = typeof error.data === "string" ? error.data : typeof error.data?.message === "string" ? error.data.message : "";
    if (error.status === 404) return { status: 404, title: "Não encontrado", message: given || "O registro procurado não existe mais." };
    if (error.status === 403)
      return { status: 403, title: "Acesso negado", message: given || "Você não tem permissão para realizar esta ação" };
    if (error.status < 500) return { status: error.status, title: "Não foi possível abrir", message: given || UNEXPECTED };
    return { status: error.status, title: "Erro", message: UNEXPECTED };
  }
  return { status: 500, title: "Erro", message: UNEXPECTED };
}

/** The parent screen of the deepest route (a dialog's list), keeping the list's search params. */
function useParentPath(): string {
  const matches = useMatches();
  const { search } = useLocation();
  const parent = matches.length >= 2 ? matches[matches.length - 2].pathname : "/";
  return `${parent.replace(/\/$/, "") || "/"}${search}`;
}

/**
 * A failed screen, in place of its content (inside the shell unless
 * `standalone`). 'Tentar novamente' only where a retry can help (a server
 * error); a missing record or a refusal answers the same the next time.
 */
export function ScreenError({ standalone = false }: { standalone?: boolean }) {
  const { status, title, message } = describeRouteError(useRouteError());
  const retry = status >= 500;
  const { pathname, search } = useLocation();
  const body = (
    <section aria-labelledby="route-error-title" className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="route-error-title" className="text-xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="mt-2 text-slate-700" role="alert">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap gap-2">
        {retry ? (
          <a href={pathname + search} className="btn btn-outline btn-md">
            Tentar novamente
          </a>
        ) : null}
        <LinkButton to="/" variant="default">
          Ir para o Dashboard
        </LinkButton>
      </div>
    </section>
  );
  return standalone ? <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">{body}</main> : body;
}

/**
 * A dialog whose loader failed (a stale link to a deleted record…): the list
 * stays behind it, and the dialog says why, with the way back to the list.
 */
export function DialogError({ closeTo }: { closeTo?: string }) {
  const { title, message } = describeRouteError(useRouteError());
  const parent = useParentPath();
  const back = closeTo ?? parent;
  return (
    <RouteDialog title={title} closeTo={back} size="sm">
      <p className="text-sm text-slate-700" role="alert">
        {message}
      </p>
      <CloseFooter to={back} label="Voltar" />
    </RouteDialog>
  );
}

/** A dialog route's error boundary: a stale or forbidden link says why, over its list. */
export function DialogErrorBoundary() {
  return <DialogError />;
}
