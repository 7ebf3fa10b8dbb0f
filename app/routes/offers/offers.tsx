import type { Route } from "./+types/offers";
import { RecordListPage } from "~/components/record-list";
import { listOffers } from "~/domain/offers/queries.server";
import { formatBRL } from "~/lib/format";
import { actorOf, requireUser } from "~/server/session.server";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
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
  };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  return (
    <RecordListPage
      title="Ofertas"
      base="/offers"
      record="esta oferta"
      rows={loaderData.offers}
      nameHeader="Oferta"
      details={(o) => (
        <>
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
        </>
      )}
      columns={[
        { header: "Unidade", cell: (o) => o.branchName ?? "-" },
        { header: "Valor mensal", cell: (o) => formatBRL(o.monthlyValue), className: "tabular-nums" },
        { header: "Checkout", cell: (o) => <CheckoutLink href={o.checkoutLink} name={o.name} /> },
      ]}
    />
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

export function meta(): Route.MetaDescriptors {
  return [{ title: "Ofertas" }];
}
