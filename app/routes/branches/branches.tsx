import { Outlet } from "react-router";
import type { Route } from "./+types/branches";
import { BranchIcon, PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { Badge, Card, EmptyState, PageHeader, ResponsiveList, StatusBadge, Td, Th } from "~/components/ui/page";
import { canManage } from "~/domain/actor";
import { listBranches } from "~/domain/branches/queries.server";
import { actorOf, requireUser } from "~/session.server";
import { EditDeleteLinks } from "~/components/row-actions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const branches = await listBranches(actorOf(user));
  return {
    branches: branches.map((b) => ({ id: b.id, name: b.name, address: b.address, active: b.active, isDefault: b.isDefault })),
    canManage: canManage(user),
  };
}

export default function Branches({ loaderData }: Route.ComponentProps) {
  const { branches, canManage } = loaderData;
  return (
    <div>
      <PageHeader
        title="Unidades"
        actions={
          canManage ? (
            <LinkButton to="/branches/new" preventScrollReset>
              <PlusIcon /> Adicionar Unidade
            </LinkButton>
          ) : null
        }
      />
      {branches.length === 0 ? (
        <EmptyState message="Nenhuma unidade encontrada no sistema" />
      ) : (
        <ResponsiveList
          cards={branches.map((b) => (
            <Card key={b.id}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">
                  {b.name} {b.isDefault ? <Badge>Padrão</Badge> : null}
                </h2>
                <StatusBadge active={b.active} />
              </div>
              <p className="mt-1 text-sm text-slate-700">{b.address}</p>
              {/* §2: on the mobile list the Salas button is shown to everyone. */}
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                <SalasLink id={b.id} name={b.name} />
                {canManage ? <EditDeleteLinks base={`/branches/${b.id}`} name={b.name} /> : null}
              </div>
            </Card>
          ))}
          table={
            <table className="w-full">
              <caption className="sr-only">Unidades</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <Th>Nome</Th>
                  <Th>Endereço</Th>
                  <Th>Status</Th>
                  {canManage ? <Th className="text-right">Ações</Th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {branches.map((b) => (
                  <tr key={b.id}>
                    <Td className="font-medium">
                      {b.name} {b.isDefault ? <Badge>Padrão</Badge> : null}
                    </Td>
                    <Td>{b.address}</Td>
                    <Td>
                      <StatusBadge active={b.active} />
                    </Td>
                    {/* §2: in the desktop table the actions column, Salas included, is for administrators. */}
                    {canManage ? (
                      <Td className="text-right">
                        <div className="flex justify-end gap-2">
                          <SalasLink id={b.id} name={b.name} />
                          <EditDeleteLinks base={`/branches/${b.id}`} name={b.name} />
                        </div>
                      </Td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      )}
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

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Unidades" }];
}
