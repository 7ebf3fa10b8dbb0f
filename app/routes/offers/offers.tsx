import { Outlet } from "react-router";
import type { Route } from "./+types/offers";
import { PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { Card, EmptyState, PageHeader, ResponsiveList, StatusBadge, Td, Th } from "~/components/ui/page";
import { canManage } from "~/domain/actor";
import { listOffers } from "~/domain/offers/queries.server";
import { formatBRL } from "~/lib/format";
import { actorOf, requireUser } from "~/session.server";
import { RowActions } from "~/components/row-actions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const offers = await listOffers(actorOf(user));
  return {
    offers: offers.map((o) => ({
      id: o.id,
      name: o.name,
      branchName: o.branchName,
      monthlyValue: o.monthlyValue,
      checkoutLink: o.checkoutLink,
      active: o.active,
    })),
    canManage: canManage(user),
  };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { offers, canManage } = loaderData;
  return (
    <div>
      <PageHeader
        title="Ofertas"
        actions={
          canManage ? (
            <LinkButton to="/offers/new" preventScrollReset>
              <PlusIcon /> Adicionar Oferta
            </LinkButton>
          ) : null
        }
      />
      {offers.length === 0 ? (
        <EmptyState message="Nenhuma oferta encontrada no sistema" />
      ) : (
        <ResponsiveList
          cards={offers.map((o) => (
            <Card key={o.id}>
              <div className="flex items-start justify-between gap-2">
                <h2 className="font-semibold">{o.name}</h2>
                <StatusBadge active={o.active} />
              </div>
              <dl className="mt-2 space-y-1 text-sm">
                <div className="flex gap-1">
                  <dt className="text-slate-600">Unidade:</dt>
                  <dd>{o.branchName ?? "-"}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-slate-600">Valor mensal:</dt>
                  <dd className="font-medium">{formatBRL(o.monthlyValue)}</dd>
                </div>
              </dl>
              <div className="mt-2">
                <CheckoutLink href={o.checkoutLink} name={o.name} />
              </div>
              {canManage ? <RowActions base={`/offers/${o.id}`} name={o.name} /> : null}
            </Card>
          ))}
          table={
            <table className="w-full">
              <caption className="sr-only">Ofertas</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <Th>Oferta</Th>
                  <Th>Unidade</Th>
                  <Th>Valor mensal</Th>
                  <Th>Checkout</Th>
                  <Th>Status</Th>
                  {canManage ? <Th className="text-right">Ações</Th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {offers.map((o) => (
                  <tr key={o.id}>
                    <Td className="font-medium">{o.name}</Td>
                    <Td>{o.branchName ?? "-"}</Td>
                    <Td className="tabular-nums">{formatBRL(o.monthlyValue)}</Td>
                    <Td>
                      <CheckoutLink href={o.checkoutLink} name={o.name} />
                    </Td>
                    <Td>
                      <StatusBadge active={o.active} />
                    </Td>
                    {canManage ? (
                      <Td className="text-right">
                        <RowActions base={`/offers/${o.id}`} name={o.name} />
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

/** The checkout page opens in a new tab, without giving it access to this window. */
function CheckoutLink({ href, name }: { href: string; name: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded text-sm font-medium text-violet-800 underline underline-offset-2 hover:text-violet-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      Ver checkout<span className="sr-only"> de {name} (abre em nova aba)</span>
    </a>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Ofertas" }];
}
