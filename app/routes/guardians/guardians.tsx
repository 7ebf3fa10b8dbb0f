import { Outlet, useLocation } from "react-router";
import { AddLink } from "~/components/row-actions";
import { ListSearch } from "~/components/list-search";
import type { Route } from "./+types/guardians";
import { SpriteIcon, UsersIcon } from "~/components/icons";
import { buttonClass, ExportCsvLink } from "~/components/ui/button";
import { Badge, Card, EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination, pageHref } from "~/components/ui/pagination";
import { ServerCached } from "~/components/server-cached";
import { isAdmin } from "~/domain/access/roles";
import type { GuardianDTO } from "~/domain/guardians/schema";
import { listGuardians } from "~/domain/guardians/queries.server";
import { countStudentsByGuardian } from "~/domain/students/queries.server";
import { formatCpf, formatPhone } from "~/lib/format";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { actorOf, requireUser } from "~/server/session.server";

/** /guardians?q=&page=: the search and the page live in the URL, so they work without JS and survive a reload. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const result = await listGuardians(actorOf(user), { q, page });
  const students = await countStudentsByGuardian(result.guardians.map((g) => g.id));
  // Only what a card shows: the primary person, how many others there are, how many students.
  // It travels to the browser (which hydrates from it) as one JSON string: the
  // loader data's encoding goes value by value.
  const guardians = JSON.stringify(result.guardians.map((g) => cardOf(g, students.get(g.id) ?? 0)));
  return {
    guardians,
    count: result.guardians.length,
    q,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    isAdmin: isAdmin(user),
  };
}

export default function Guardians({ loaderData }: Route.ComponentProps) {
  const { guardians, count, q, page, pageCount, total, isAdmin } = loaderData;
  const { search } = useLocation();
  // The cards' links open dialogs over the list: plain anchors, followed on the client by one handler.
  const onLinkClick = useLinkNavigation();
  return (
    <div>
      <PageHeader
        title="Responsáveis"
        actions={
          <>
            <ExportCsvLink href={`/api/guardians?${new URLSearchParams({ format: "csv", ...(q ? { q } : {}) })}`} />
            {isAdmin ? <AddLink to={`/guardians/new${search}`}>Novo Responsável</AddLink> : null}
          </>
        }
      />
      <ListSearch id="guardian-search" label="Buscar por nome, e-mail ou CPF" q={q} clearTo="/guardians" filtered={Boolean(q)} />
      {count === 0 ? (
        <EmptyState message="Nenhum responsável encontrado" />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700" aria-live="polite">
            {total === 1 ? "1 responsável" : `${total} responsáveis`}
          </p>
          {/* The cards are cached as HTML on the server per distinct page (ServerCached), so their links are plain anchors. */}
          <ServerCached
            as="ul"
            name="guardian-cards"
            deps={{ guardians, isAdmin, search }}
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            onClick={onLinkClick}
          >
            {() =>
              (JSON.parse(guardians) as GuardianCardData[]).map((g) => (
                <li key={g.id}>
                  <GuardianCard guardian={g} isAdmin={isAdmin} search={search} />
                </li>
              ))
            }
          </ServerCached>
          <Pagination page={page} pageCount={pageCount} href={pageHref("/guardians", q)} />
        </>
      )}
      <Outlet />
    </div>
  );
}

type GuardianCardData = ReturnType<typeof cardOf>;

function cardOf(g: GuardianDTO, students: number) {
  const primary = g.persons.find((p) => p.isPrimary) ?? g.persons[0] ?? null;
  return {
    id: g.id,
    address: g.address,
    primary: primary ? { fullName: primary.fullName, email: primary.email, cpf: primary.cpf, phone: primary.phone } : null,
    others: Math.max(0, g.persons.length - (primary ? 1 : 0)),
    students,
  };
}

function GuardianCard({ guardian, isAdmin, search }: { guardian: GuardianCardData; isAdmin: boolean; search: string }) {
  const { primary, others, students } = guardian;
  const name = primary?.fullName ?? "Sem pessoa principal";
  return (
    <Card className="flex h-full flex-col">
      <h2 className="font-semibold">{name}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">E-mail</dt>
        <dd className="break-all">{primary?.email ?? "-"}</dd>
        <dt className="text-slate-600">CPF</dt>
        <dd>{formatCpf(primary?.cpf)}</dd>
        <dt className="text-slate-600">Telefone</dt>
        <dd>{formatPhone(primary?.phone) || "-"}</dd>
        <dt className="text-slate-600">Endereço</dt>
        <dd>{guardian.address}</dd>
      </dl>
      {others > 0 || students > 0 ? (
        <p className="mt-3 flex flex-wrap gap-2">
          {others > 0 ? <Badge>{`+${others} pessoa(s) adicional(is)`}</Badge> : null}
          {students > 0 ? <Badge className="bg-sky-100 text-sky-900">{`+${students} aluno(s)`}</Badge> : null}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap justify-end gap-2 pt-4">
        <a href={`/guardians/${guardian.id}/persons${search}`} className={buttonClass("outline", "sm")}>
          <UsersIcon /> {isAdmin ? "Gerenciar Pessoas" : "Ver Pessoas"}
          <span className="sr-only"> de {name}</span>
        </a>
        {isAdmin ? (
          <a href={`/guardians/${guardian.id}/delete${search}`} className={buttonClass("outline", "sm", "text-red-800")}>
            <SpriteIcon name="trash" /> Excluir<span className="sr-only"> {name}</span>
          </a>
        ) : null}
      </div>
    </Card>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Responsáveis" }];
}
