import type { Route } from "./+types/branches";
import { BranchIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { RecordListPage } from "~/components/record-list";
import { Badge } from "~/components/ui/page";
import { listBranches } from "~/domain/branches/queries.server";
import { actorOf, requireUser } from "~/server/session.server";
import { EditDeleteLinks } from "~/components/row-actions";
import { useShell } from "~/hooks/use-shell";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const branches = await listBranches(actorOf(user));
  return {
    branches: branches.map((b) => ({ id: b.id, name: b.name, address: b.address, active: b.active, isDefault: b.isDefault })),
  };
}

export default function Branches({ loaderData }: Route.ComponentProps) {
  const { branches } = loaderData;
  const { isAdmin } = useShell().permissions;
  return (
    <RecordListPage
      title="Unidades"
      base="/branches"
      record="esta unidade"
      rows={branches}
      name={(b) => (
        <>
          {b.name} {b.isDefault ? <Badge>Padrão</Badge> : null}
        </>
      )}
      details={(b) => <p className="mt-1 text-sm text-slate-700">{b.address}</p>}
      columns={[{ header: "Endereço", cell: (b) => b.address }]}
      actions={{
        // §2: on the mobile list the Salas button is shown to everyone.
        card: (b) => (
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <SalasLink id={b.id} name={b.name} />
            {isAdmin ? <FinanceLink id={b.id} name={b.name} /> : null}
            {isAdmin ? <EditDeleteLinks base={`/branches/${b.id}`} name={b.name} /> : null}
          </div>
        ),
        // §2: in the desktop table the actions column, Salas included, is for administrators.
        table: isAdmin
          ? (b) => (
              <div className="flex justify-end gap-2">
                <SalasLink id={b.id} name={b.name} />
                <FinanceLink id={b.id} name={b.name} />
                <EditDeleteLinks base={`/branches/${b.id}`} name={b.name} />
              </div>
            )
          : undefined,
      }}
    />
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
