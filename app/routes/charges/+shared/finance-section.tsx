import { Link } from "react-router";
import { Badge, DataList } from "~/components/ui/page";
import type { ChargeDTO } from "~/domain/charges/schema";
import { brl, day, shownStatus, STATUS_CLASS } from "./money-screen";

/**
 * The 'Financeiro' section of a student's or a family's page: the latest
 * charges, with what is due today (links to the charge for Team and Administrator).
 */
export function FinanceSection({ charges, total, linked }: { charges: ChargeDTO[]; total: number; linked: boolean }) {
  const description = (c: ChargeDTO) =>
    linked ? (
      <Link to={`/charges/${c.id}`} className="text-violet-800 underline">
        {c.description}
      </Link>
    ) : (
      c.description
    );
  const status = (c: ChargeDTO) => <Badge className={STATUS_CLASS[shownStatus(c)]}>{shownStatus(c)}</Badge>;
  return (
    <section aria-labelledby="finance-title" className="mt-8">
      <h2 id="finance-title" className="mb-3 text-lg font-semibold">
        Financeiro
      </h2>
      <DataList
        caption="Financeiro"
        rows={charges}
        rowKey={(c) => c.id}
        empty="Nenhuma cobrança"
        card={(c) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{description(c)}</h3>
              {status(c)}
            </div>
            <p className="mt-1 text-sm">
              Vence {day(c.dueDate)} · {brl(c.amount)} · devido hoje {brl(c.amountDue)}
            </p>
          </>
        )}
        columns={[
          { header: "Descrição", cell: description },
          { header: "Vencimento", cell: (c) => day(c.dueDate), className: "whitespace-nowrap" },
          { header: "Valor", cell: (c) => brl(c.amount), className: "whitespace-nowrap text-right" },
          { header: "Devido hoje", cell: (c) => brl(c.amountDue), className: "whitespace-nowrap text-right" },
          { header: "Status", cell: status },
        ]}
      />
      {total > charges.length ? (
        <p className="mt-2 text-sm text-slate-700">
          Mostrando as {charges.length} mais recentes de {total}.
        </p>
      ) : null}
    </section>
  );
}
