import type { Route } from "./+types/overdue";
import { ServerCached } from "~/components/server-cached";
import { buttonClass } from "~/components/ui/button";
import { DataList, EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { isStaff } from "~/domain/access/roles";
import { overdueFamilyPage } from "~/domain/charges/queries.server";
import type { OverdueFamilyDTO } from "~/domain/charges/schema";
import { branchNameOf, getSelectedBranchId } from "~/server/branch-selection.server";
import { scopeSubtitle } from "~/domain/branches/scope";
import { today } from "~/domain/calendar/dates";
import { screenActor } from "~/server/forms.server";
import { brl, day } from "~/features/charges/charges-screen";
import { StandingBadge } from "~/components/charge-status";
import { useLinkNavigation } from "~/hooks/use-link-navigation";

/**
 * 'Inadimplência' (/billing/overdue, Team and Administrator): the families with
 * overdue charges in the selected branch, the largest total first, with the
 * ageing bucket and 'Cobrar no WhatsApp' (a private message with the charges,
 * the total and a Pix code of the total when the branch has a key, made when the
 * link is followed: overdue-whatsapp.ts), 50 families a page; the page carries
 * only what it shows.
 */
const PAGE_SIZE = 50;

/** What a row of the list shows of a family's debt. */
function toRow(f: OverdueFamilyDTO) {
  return {
    guardianId: f.guardianId,
    // The family's page: its persons and its 'Financeiro' (every charge, overdue ones included).
    family: `/guardians/${f.guardianId}/persons`,
    guardianName: f.guardianName,
    total: f.total,
    oldestDueDate: f.oldestDueDate,
    bucket: f.bucket,
    daysLate: f.daysLate,
    chargeCount: f.charges.length,
    // The reminder is made when the link is followed (overdue-whatsapp.ts), as the family's debt stands then.
    whatsapp: f.phone ? `/billing/overdue/${f.guardianId}/whatsapp` : null,
  };
}
type Row = ReturnType<typeof toRow>;

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const branchId = await getSelectedBranchId(args.context);
  const page = Math.max(1, Math.floor(Number(new URL(args.request.url).searchParams.get("page"))) || 1);
  const {
    items: families,
    count,
    total,
  } = await overdueFamilyPage(actor, { branchId }, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  return {
    // What is overdue today: the current month.
    subtitle: scopeSubtitle(await branchNameOf(args.context, branchId), today().slice(0, 7)),
    // Only what a row shows, as one JSON string (ADR 006): the loader data's encoding goes value by value.
    rows: JSON.stringify(families.map(toRow)),
    count,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(count / PAGE_SIZE)),
    csv: `/api/billing/overdue?format=csv${branchId ? `&branchId=${branchId}` : ""}`,
  };
}

export default function Overdue({ loaderData }: Route.ComponentProps) {
  const { subtitle, rows, count, total, page, pageCount, csv } = loaderData;
  // The rows are rendered once per distinct page (ServerCached): their links are plain anchors, followed on the client by one handler.
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const family = (f: Row) => (
    <a href={f.family} className="font-medium text-violet-800 underline">
      {f.guardianName}
    </a>
  );
  const remind = (f: Row) =>
    f.whatsapp ? (
      <a href={f.whatsapp} target="_blank" rel="noreferrer" className={buttonClass("outline", "sm")}>
        Cobrar no WhatsApp<span className="sr-only"> {f.guardianName} (abre em nova aba)</span>
      </a>
    ) : (
      <span className="text-sm text-slate-700">Sem telefone</span>
    );
  return (
    <div>
      <PageHeader
        title="Inadimplência"
        description={subtitle}
        actions={
          <a href={csv} className={buttonClass("outline")} download>
            Exportar CSV
          </a>
        }
      />
      {count > 0 ? (
        <p className="mb-4 text-sm text-slate-800">
          {count === 1 ? "1 família" : `${count.toLocaleString("pt-BR")} famílias`} devem {brl(total)} hoje.
        </p>
      ) : null}
      {/* The page's rows, the same for every visit until a family's debt changes: their HTML is
          rendered once per distinct page on the server (ServerCached). */}
      <ServerCached as="div" name="overdue-families" deps={rows} onClick={onLinkClick}>
        {() => (
          <DataList
            caption="Inadimplência"
            rows={JSON.parse(rows) as Row[]}
            rowKey={(f) => f.guardianId}
            empty={<EmptyState message="Nenhuma família inadimplente" />}
            card={(f) => (
              <>
                <h2 className="font-semibold">{family(f)}</h2>
                <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-700">Devido hoje</dt>
                    <dd>{brl(f.total)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-700">Vencimento mais antigo</dt>
                    <dd>{day(f.oldestDueDate)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-700">Atraso</dt>
                    <dd>
                      <Late f={f} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-700">Cobranças</dt>
                    <dd>{f.chargeCount}</dd>
                  </div>
                </dl>
                <div className="mt-3">{remind(f)}</div>
              </>
            )}
            columns={[
              { header: "Família", cell: family },
              { header: "Devido hoje", cell: (f) => brl(f.total), className: "whitespace-nowrap text-right" },
              { header: "Vencimento mais antigo", cell: (f) => day(f.oldestDueDate), className: "whitespace-nowrap" },
              { header: "Atraso", cell: (f) => <Late f={f} /> },
              { header: "Cobranças", cell: (f) => f.chargeCount },
              { header: "Lembrete", cell: remind },
            ]}
          />
        )}
      </ServerCached>
      <Pagination page={page} pageCount={pageCount} href={(n) => `/billing/overdue?page=${n}`} />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Inadimplência" }];
}

/** The family's oldest debt as every money list tells it ('Vencida · há N dias'), with its ageing bucket. */
function Late({ f }: { f: { daysLate: number; bucket: string } }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <StandingBadge standing={{ label: "Vencida", daysLate: f.daysLate }} />
      <span className="text-xs text-slate-700">{f.bucket} dias</span>
    </span>
  );
}
