import { Form, Link, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { Avatar } from "~/components/avatar";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { DataList, EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination, pageHref } from "~/components/ui/pagination";
import { Spinner } from "~/components/ui/spinner";
import { isAdmin, userTypeLabel } from "~/domain/access/roles";
import { usersListSearch } from "./+shared/list-search";
import { listUsersPage } from "~/domain/users/queries.server";
import { formatCpf } from "~/lib/format";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { AddLink, RowActions } from "~/components/row-actions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const result = await listUsersPage(actorOf(user), { q, page: Number(params.get("page")) || 1 });
  return { ...result, q, isAdmin: isAdmin(user), search: usersListSearch(request.url) };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, q, page, pageCount, total, isAdmin, search } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/users" && navigation.formMethod === undefined;
  const addLink = `/users/new${search}`;
  return (
    <div>
      <PageHeader title="Usuários" actions={isAdmin ? <AddLink to={addLink}>Adicionar Usuário</AddLink> : null} />
      {total === 0 && !q ? (
        <EmptyState
          message="Nenhum usuário encontrado no sistema"
          action={isAdmin ? <AddLink to={addLink}>Adicionar Primeiro Usuário</AddLink> : null}
        />
      ) : (
        <>
          <Form method="get" action="/users" role="search" className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1">
              <label htmlFor="users-q" className="block text-sm font-medium text-slate-900">
                Buscar por nome ou e-mail
              </label>
              <input id="users-q" type="search" name="q" defaultValue={q} key={q} className={cn(inputClass, "mt-1.5")} />
            </div>
            <div className="flex items-center gap-2">
              <Button type="submit" variant="outline">
                Buscar
              </Button>
              {q ? (
                <Link to="/users" className={buttonClass("ghost")}>
                  Limpar
                </Link>
              ) : null}
              {searching ? <Spinner /> : null}
            </div>
          </Form>
          <DataList
            caption="Usuários"
            rows={users}
            empty={`Nenhum usuário encontrado para "${q}"`}
            card={(u) => (
              <>
                <div className="flex items-center gap-3">
                  <Avatar src={u.avatarUrl} name={u.name} className="h-10 w-10" />
                  <div className="min-w-0">
                    <h2 className="truncate font-semibold">{u.name}</h2>
                    <p className="truncate text-sm text-slate-700">{u.email}</p>
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">CPF</dt>
                    <dd>{formatCpf(u.cpf)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Tipo</dt>
                    <dd>{userTypeLabel(u.userType)}</dd>
                  </div>
                </dl>
                {isAdmin ? <RowActions base={`/users/${u.id}`} name={u.name} search={search} /> : null}
              </>
            )}
            columns={[
              {
                header: "Usuário",
                cell: (u) => (
                  <div className="flex items-center gap-3">
                    <Avatar src={u.avatarUrl} name={u.name} />
                    <span className="font-medium">{u.name}</span>
                  </div>
                ),
              },
              { header: "E-mail", cell: (u) => u.email },
              { header: "CPF", cell: (u) => formatCpf(u.cpf), className: "whitespace-nowrap" },
              { header: "Tipo", cell: (u) => userTypeLabel(u.userType) },
            ]}
            actions={isAdmin ? (u) => <RowActions base={`/users/${u.id}`} name={u.name} search={search} /> : undefined}
          />
          <Pagination page={page} pageCount={pageCount} href={pageHref("/users", q)} />
        </>
      )}
      <Outlet />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Usuários" }];
}
