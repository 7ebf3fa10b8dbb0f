import { Outlet } from "react-router";
import type { Route } from "./+types/branches";
import { BranchIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { Badge, CardHeading, DataList, PageHeader, StatusBadge } from "~/components/ui/page";
import { isAdmin } from "~/domain/access/roles";
import { listBranches } from "~/domain/branches/queries.server";
import { actorOf, requireUser } from "~/server/session.server";
import { AddLink, EditDeleteLinks } from "~/components/row-actions";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const branches = await listBranches(actorOf(user));
  return {
    branches: branches.map((b) => ({ id: b.id, name: b.name, address: b.address, active: b.active, isDefault: b.isDefault })),
    isAdmin: isAdmin(user),
  };
}

export default function Branches({ loaderData }: Route.ComponentProps) {
  const { branches, isAdmin } = loaderData;
  return (
    <div>
      <PageHeader title="Unidades" actions={isAdmin ? <AddLink to="/branches/new">Adicionar Unidade</AddLink> : null} />
      <DataList
        caption="Unidades"
        rows={branches}
        empty="Nenhuma unidade encontrada no sistema"
        card={(b) => (
          <>
            <CardHeading
              title={
                <>
                  {b.name} {b.isDefault ? <Badge>Padrão</Badge> : null}
                </>
              }
              status={<StatusBadge active={b.active} />}
            />
            <p className="mt-1 text-sm text-slate-700">{b.address}</p>
            {/* §2: on the mobile list the Salas button is shown to everyone. */}
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <SalasLink id={b.id} name={b.name} />
              {isAdmin ? <FinanceLink id={b.id} name={b.name} /> : null}
              {isAdmin ? <EditDeleteLinks base={`/branches/${b.id}`} name={b.name} /> : null}
            </div>
          </>
        )}
        columns={[
          {
            header: "Nome",
            className: "font-medium",
            cell: (b) => (
              <>
                {b.name} {b.isDefault ? <Badge>Padrão</Badge> : null}
              </>
            ),
          },
          { header: "Endereço", cell: (b) => b.address },
          { header: "Status", cell: (b) => <StatusBadge active={b.active} /> },
        ]}
        // §2: in the desktop table the actions column, Salas included, is for administrators.
        actions={
          isAdmin
            ? (b) => (
                <div className="flex justify-end gap-2">
                  <SalasLink id={b.id} name={b.name} />
                  <FinanceLink id={b.id} name={b.name} />
                  <EditDeleteLinks base={`/branches/${b.id}`} name={b.name} />
                </div>
              )
            : undefined
        }
      />
      <Outlet />
    </div>
  );
}

function SalasLink({ id, name }: { id: string; name: string }) {
  return (
    <LinkButton to={`/branches/${id}/classrooms`} variant="outline" size="sm" preventScrollReset>
      <BranchIcon /> Salas<span className="sr-only"> de {name}</span>
    </LinkButton>
  );
}

function FinanceLink({ id, name }: { id: string; name: string }) {
  return (
    <LinkButton to={`/branches/${id}/billing`} variant="outline" size="sm" preventScrollReset>
      Financeiro<span className="sr-only"> de {name}</span>
    </LinkButton>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Unidades" }];
}
