import { Form, Link, Outlet } from "react-router";
import type { Route } from "./+types/family";
import { Badge, EmptyState, PageHeader } from "~/components/ui/page";
import { Button, LinkButton } from "~/components/ui/button";
import { getFamily } from "~/domain/family/overview.server";
import { FAMILY_NOT_FOUND } from "~/domain/family/schema";
import { DomainError, NotFoundError } from "~/domain/errors";
import { formatDay } from "~/domain/calendar/dates";
import { sessionStarted } from "~/domain/calendar/sessions";
import { withdrawAbsenceNotice } from "~/domain/attendance/notices/service.server";
import { formatPhone } from "~/lib/format";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { orRespond } from "~/server/forms.server";
import { ownFamilyOrThrow } from "~/domain/family/queries.server";
import { makeupStateLabel, presenceLabel } from "~/routes/students/+shared/makeup-screen";
import { brl, day, shownStatus, STATUS_CLASS } from "~/routes/charges/+shared/money-screen";
import { PixPayment } from "~/routes/charges/+shared/pix-payment";
import { pixView } from "~/routes/charges/+shared/pix.server";
import { chargeDue, chargePage } from "~/domain/charges/queries.server";
import { decimal, OPEN } from "~/domain/charges/schema";
import { toCents } from "~/domain/offers/money";
import type { Actor } from "~/domain/actor";

/**
 * The family's space, in three tabs (`?tab=`, links, so they work without
 * JavaScript): 'Minha família' — each child with its classes, the next
 * sessions (date, time, branch, classroom, teacher; 'Avisar falta' on each, or
 * the notice given and 'Cancelar aviso'), the presence rate and the absences
 * with their make-ups ('Agendar reposição' on one without); 'Financeiro' — the
 * family's charges, open ones first, with what is due today (the total on
 * top) and each open one's Pix code and QR; 'Meus dados' — the persons'
 * contacts and the address ('Editar'), and 'Baixar meus dados'.
 * The actions open URL dialogs (child routes). A user without a family sees
 * that there is none.
 */
type Tab = "familia" | "dados" | "financeiro";
const tabOf = (request: Request): Tab => {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab === "dados" || tab === "financeiro" ? tab : "familia";
};

/** Charges the 'Financeiro' tab shows: every open one comes first, so the total due today counts them all. */
const FAMILY_CHARGES = 100;

/**
 * The family's charges (the charges' own queries, scoped to the Client's
 * family there), open ones first; for an open one, its Pix and, when overdue,
 * the fine and interest of what is due today.
 */
async function financeOf(actor: Actor) {
  const { items, totals } = await chargePage(actor, {}, { offset: 0, limit: FAMILY_CHARGES, openFirst: true });
  const charges = await Promise.all(
    items.map(async (c) => {
      const open = c.status === OPEN;
      const due = open && c.overdue ? await chargeDue(actor, c.id, null) : null;
      return {
        id: c.id,
        description: c.description,
        studentName: c.studentName,
        dueDate: c.dueDate,
        status: c.status,
        overdue: c.overdue,
        amount: c.amount,
        amountDue: c.amountDue,
        fees: due && !c.feesWaived ? { fine: due.fine, interest: due.interest } : null,
        pix: open ? await pixView(actor, c.id) : null,
      };
    }),
  );
  const dueCents = charges.reduce((sum, c) => sum + (c.status === OPEN ? (toCents(c.amountDue) ?? 0) : 0), 0);
  return { charges, total: totals.count, dueToday: decimal(dueCents) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const tab = tabOf(request);
  try {
    const family = await getFamily(actorOf(user));
    return {
      tab,
      finance: tab === "financeiro" ? await financeOf(actorOf(user)) : null,
      family: {
        guardianId: family.guardian.id,
        address: family.guardian.address,
        persons: family.guardian.persons.map((p) => ({ id: p.id, fullName: p.fullName, phone: p.phone, email: p.email })),
        students: family.students.map(({ student, enrollments, nextSessions, attendance }) => ({
          id: student.id,
          fullName: student.fullName,
          classes: enrollments
            .filter((e) => e.status !== "Cancelada")
            .map((e) => ({ id: e.id, classLabel: e.classLabel, branchName: e.branchName, status: e.status })),
          nextSessions: nextSessions.map((s) => ({
            ...s,
            key: `${s.classId}|${s.scheduleId}|${s.date}`,
            notice: s.notice ? { id: s.notice.id, note: s.notice.note } : null,
            // A session under way (today, started) is the teacher's: no notice any more.
            started: sessionStarted(s),
            warnHref: `/family/absence?${new URLSearchParams({ enrollmentId: s.enrollmentId, scheduleId: s.scheduleId, date: s.date })}`,
          })),
          presenceRate: attendance.presenceRate,
          absences: attendance.absences.map((a) => ({
            id: a.id,
            date: a.date,
            status: a.status,
            classLabel: a.classLabel,
            makeup: a.makeup ? { date: a.makeup.date, status: a.makeup.status, classLabel: a.makeup.classLabel } : null,
          })),
        })),
      },
    };
  } catch (error) {
    if (error instanceof NotFoundError && error.message === FAMILY_NOT_FOUND) return { tab, finance: null, family: null };
    throw error;
  }
}

/** POST /family intent=withdrawNotice: 'Cancelar aviso' of an absence notice (Post/Redirect/Get, with or without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  // Without a family there is nothing to withdraw: a 404, as on the family's dialogs.
  await orRespond(ownFamilyOrThrow(actorOf(user)));
  const form = await request.formData();
  if (form.get("intent") !== "withdrawNotice")
    return redirectWithToast("/family", { title: "Requisição inválida", variant: "destructive" });
  try {
    await withdrawAbsenceNotice(actorOf(user), String(form.get("noticeId") ?? "").slice(0, 100));
    return redirectWithToast("/family", { title: "Sucesso", description: "Aviso de falta cancelado" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast("/family", { title: "Erro ao cancelar aviso", description: error.message, variant: "destructive" });
  }
}

const TABS: Array<{ tab: Tab; label: string; href: string }> = [
  { tab: "familia", label: "Minha família", href: "/family" },
  { tab: "financeiro", label: "Financeiro", href: "/family?tab=financeiro" },
  { tab: "dados", label: "Meus dados", href: "/family?tab=dados" },
];

export default function FamilyPage({ loaderData }: Route.ComponentProps) {
  const { family, finance, tab } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Minha família" />
      {!family ? (
        <EmptyState message="Nenhuma família vinculada à sua conta" />
      ) : (
        <>
          <nav aria-label="Seções da família" className="mb-6 flex gap-2 border-b border-slate-200">
            {TABS.map((t) => (
              <Link
                key={t.tab}
                to={t.href}
                aria-current={t.tab === tab ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium",
                  t.tab === tab ? "border-violet-700 text-violet-800" : "border-transparent text-slate-700 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          {tab === "familia" ? (
            <Children students={family.students} />
          ) : tab === "financeiro" && finance ? (
            <Finance finance={finance} />
          ) : (
            <MyData family={family} />
          )}
        </>
      )}
      <Outlet />
    </div>
  );
}

type Family = NonNullable<Route.ComponentProps["loaderData"]["family"]>;

function Children({ students }: { students: Family["students"] }) {
  if (students.length === 0) return <EmptyState message="Nenhum aluno cadastrado" />;
  return (
    <>
      {students.map((s) => (
        <section key={s.id} aria-labelledby={`child-${s.id}`} className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`child-${s.id}`} className="text-lg font-semibold">
              {s.fullName}
            </h2>
            <p className="text-sm font-medium text-slate-800">{presenceLabel(s.presenceRate)}</p>
          </div>

          <h3 className="mb-1 font-semibold">Turmas</h3>
          {s.classes.length === 0 ? (
            <p className="text-sm text-slate-700">Nenhuma matrícula</p>
          ) : (
            <ul className="mb-4 space-y-1 text-sm">
              {s.classes.map((c) => (
                <li key={c.id}>
                  {`${c.classLabel} · ${c.branchName}`}
                  {c.status !== "Ativa" ? <span className="badge ml-2 bg-amber-100 text-amber-900">{c.status}</span> : null}
                </li>
              ))}
            </ul>
          )}

          <h3 className="mb-1 font-semibold">Próximas aulas</h3>
          {s.nextSessions.length === 0 ? (
            <p className="mb-4 text-sm text-slate-700">Nenhuma aula nos próximos dias</p>
          ) : (
            <ul className="mb-4 space-y-3 text-sm">
              {s.nextSessions.map((n) => {
                const when = `${formatDay(n.date)} · ${n.startTime}–${n.endTime}`;
                return (
                  <li key={n.key} className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <span className="font-semibold">{when}</span>
                      <span className="block text-slate-700">{`${n.classLabel} · ${n.branchName} · ${n.classroomName} · ${n.teacherName}`}</span>
                      {n.notice ? (
                        <span className="block font-medium text-amber-900">
                          {n.notice.note ? `Falta avisada: ${n.notice.note}` : "Falta avisada"}
                        </span>
                      ) : null}
                    </div>
                    {n.started ? null : n.notice ? (
                      <Form method="post" action="/family">
                        <input type="hidden" name="intent" value="withdrawNotice" />
                        <input type="hidden" name="noticeId" value={n.notice.id} />
                        <Button
                          type="submit"
                          variant="outline"
                          size="sm"
                          aria-label={`Cancelar aviso de falta de ${s.fullName} em ${when}`}
                        >
                          Cancelar aviso
                        </Button>
                      </Form>
                    ) : (
                      <LinkButton to={n.warnHref} variant="outline" size="sm" aria-label={`Avisar falta de ${s.fullName} em ${when}`}>
                        Avisar falta
                      </LinkButton>
                    )}
                  </li>
                );
              })}
            </ul>
          )}

          <h3 className="mb-1 font-semibold">Faltas e reposições</h3>
          {s.absences.length === 0 ? (
            <p className="text-sm text-slate-700">Nenhuma falta registrada</p>
          ) : (
            <ul className="space-y-3 text-sm">
              {s.absences.map((a) => (
                <li key={a.id} className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <span className="font-semibold">{`${formatDay(a.date)} · ${a.status}`}</span>
                    <span className="block text-slate-700">{a.classLabel}</span>
                    <span className="block">
                      {makeupStateLabel(a.makeup, formatDay)}
                      {a.makeup ? ` · ${a.makeup.classLabel}` : ""}
                    </span>
                  </div>
                  {a.makeup ? null : (
                    <LinkButton
                      to={`/family/absences/${a.id}/makeup`}
                      variant="outline"
                      size="sm"
                      aria-label={`Agendar reposição da falta de ${s.fullName} em ${formatDay(a.date)}`}
                    >
                      Agendar reposição
                    </LinkButton>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function Finance({ finance }: { finance: NonNullable<Route.ComponentProps["loaderData"]["finance"]> }) {
  const { charges, total, dueToday } = finance;
  return (
    <section aria-labelledby="family-finance">
      <h2 id="family-finance" className="mb-3 text-lg font-semibold">
        Financeiro
      </h2>
      {charges.length === 0 ? (
        <EmptyState message="Nenhuma cobrança para a sua família" />
      ) : (
        <>
          <p className="mb-4 flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4">
            <span className="font-semibold">Total devido hoje</span>
            <span className="text-xl font-bold">{brl(dueToday)}</span>
          </p>
          <ul className="space-y-4">
            {charges.map((c) => {
              const status = shownStatus(c);
              return (
                <li key={c.id}>
                  <article aria-labelledby={`charge-${c.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h3 id={`charge-${c.id}`} className="font-semibold">
                        {c.description}
                      </h3>
                      <Badge className={STATUS_CLASS[status]}>{status}</Badge>
                    </div>
                    <dl className="mt-2 grid grid-cols-2 gap-x-2 gap-y-1 text-sm">
                      {c.studentName ? (
                        <>
                          <dt className="text-slate-700">Aluno</dt>
                          <dd className="text-right">{c.studentName}</dd>
                        </>
                      ) : null}
                      <dt className="text-slate-700">Vencimento</dt>
                      <dd className="text-right">{day(c.dueDate)}</dd>
                      <dt className="text-slate-700">Valor</dt>
                      <dd className="text-right">{brl(c.amount)}</dd>
                      {c.fees ? (
                        <>
                          <dt className="text-slate-700">Multa</dt>
                          <dd className="text-right">{brl(c.fees.fine)}</dd>
                          <dt className="text-slate-700">Juros</dt>
                          <dd className="text-right">{brl(c.fees.interest)}</dd>
                        </>
                      ) : null}
                      {c.status === OPEN ? (
                        <>
                          <dt className="font-semibold">Devido hoje</dt>
                          <dd className="text-right font-semibold">{brl(c.amountDue)}</dd>
                        </>
                      ) : null}
                    </dl>
                    {c.pix ? (
                      <div className="mt-3 border-t border-slate-200 pt-3">
                        <PixPayment view={c.pix} id={c.id} qrLabel={`QR Code do Pix de ${c.description}`} />
                      </div>
                    ) : null}
                  </article>
                </li>
              );
            })}
          </ul>
          {total > charges.length ? (
            <p className="mt-2 text-sm text-slate-700">
              Mostrando as {charges.length} primeiras de {total} cobranças.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function MyData({ family }: { family: Family }) {
  return (
    <section aria-labelledby="family-data" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="family-data" className="mb-3 text-lg font-semibold">
        Meus dados
      </h2>
      <h3 className="mb-1 font-semibold">Endereço</h3>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2 text-sm">
        <p>{family.address}</p>
        <LinkButton to="/family/address" variant="outline" size="sm" aria-label="Editar endereço">
          Editar
        </LinkButton>
      </div>
      <h3 className="mb-1 font-semibold">Pessoas</h3>
      <ul className="mb-4 space-y-3 text-sm">
        {family.persons.map((p) => (
          <li key={p.id} className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <span className="font-semibold">{p.fullName}</span>
              <span className="block text-slate-700">{[p.email, p.phone ? formatPhone(p.phone) : null].filter(Boolean).join(" · ")}</span>
            </div>
            <LinkButton to={`/family/persons/${p.id}/edit`} variant="outline" size="sm" aria-label={`Editar contato de ${p.fullName}`}>
              Editar
            </LinkButton>
          </li>
        ))}
      </ul>
      <p className="mb-4 text-xs text-slate-600">Nomes e CPF são alterados pela escola.</p>
      {/* The export is a file, not a page: a plain link (the browser downloads it). */}
      <a href={`/api/guardians/${family.guardianId}/export`} download className="font-medium text-violet-800 underline">
        Baixar meus dados
      </a>
    </section>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Minha família" }];
}
