import { Link } from "react-router";
import { PlusIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { DataList, EmptyState } from "~/components/ui/page";
import type { ChargeDTO } from "~/domain/charges/schema";
import type { FinanceSectionData } from "./finance-section.server";
import { brl, day } from "./charges-screen";
import { ChargeStatusBadge } from "~/components/charge-status";

/**
 * The 'Financeiro' section of a student's page and of a family's (the data of
 * `financeSection`): what is due today in total, the charges (open ones
 * first) with what each is due today, each linking to the charge for Team
 * and Administrator, and 'Nova cobrança' for an Administrator on a family's.
 * `compact` (inside a dialog) shows the rows as cards at every width.
 */
export function FinanceSection({
  charges,
  total,
  dueToday,
  linked,
  family,
  newChargeHref,
  empty = "Nenhuma cobrança",
  compact = false,
  on,
}: FinanceSectionData & { empty?: string; compact?: boolean }) {
  const description = (c: ChargeDTO) =>
    linked ? (
      <Link to={`/charges/${c.id}`} className="text-violet-800 underline">
        {c.description}
      </Link>
    ) : (
      c.description
    );
  const status = (c: ChargeDTO) => <ChargeStatusBadge charge={c} on={on} />;
  const card = (c: ChargeDTO) => (
    <>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{description(c)}</h3>
        {status(c)}
      </div>
      <p className="mt-1 text-sm">
        {family && c.studentName ? `${c.studentName} · ` : ""}Vence {day(c.dueDate)} · {brl(c.amount)} · devido hoje {brl(c.amountDue)}
      </p>
    </>
  );
  return (
    <section aria-labelledby="finance-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="finance-title" className="text-lg font-semibold">
          Financeiro
        </h2>
        {newChargeHref ? (
          <LinkButton to={newChargeHref} variant="outline" size="sm" preventScrollReset>
            <PlusIcon /> Nova cobrança
          </LinkButton>
        ) : null}
      </div>
      {charges.length > 0 ? (
        <p className="mb-3 text-sm text-slate-800" data-testid="finance-due-today">
          Devido hoje: <strong>{brl(dueToday)}</strong>
        </p>
      ) : null}
      {compact ? (
        charges.length === 0 ? (
          <EmptyState message={empty} />
        ) : (
          <ul className="space-y-2" aria-label="Cobranças">
            {charges.map((c) => (
              <li key={c.id} className="rounded-md border border-slate-200 p-3">
                {card(c)}
              </li>
            ))}
          </ul>
        )
      ) : (
        <DataList
          caption="Financeiro"
          rows={charges}
          empty={empty}
          card={card}
          columns={[
            { header: "Descrição", cell: description },
            ...(family ? [{ header: "Aluno", cell: (c: ChargeDTO) => c.studentName ?? "—" }] : []),
            { header: "Vencimento", cell: (c) => day(c.dueDate), className: "whitespace-nowrap" },
            { header: "Valor", cell: (c) => brl(c.amount), className: "whitespace-nowrap text-right" },
            { header: "Devido hoje", cell: (c) => brl(c.amountDue), className: "whitespace-nowrap text-right" },
            { header: "Status", cell: status },
          ]}
        />
      )}
      {total > charges.length ? (
        <p className="mt-2 text-sm text-slate-700">
          Mostrando {charges.length} de {total}: as abertas primeiro, depois as mais recentes.
        </p>
      ) : null}
    </section>
  );
}
