import { Form, Link, Outlet } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/family";
import { EmptyState, PageHeader, PageSection } from "~/components/ui/page";
import { Button, LinkButton } from "~/components/ui/button";
import { getFamily } from "~/domain/family/overview.server";
import { FAMILY_NOT_FOUND } from "~/domain/access/family-scope";
import { NotFoundError } from "~/domain/errors";
import { dayHeading, formatDay } from "~/domain/calendar/dates";
import { sessionStarted } from "~/domain/calendar/sessions";
import { withdrawAbsenceNotice } from "~/domain/attendance/notices/service.server";
import { formatPhone } from "~/lib/format";
import { cn } from "~/lib/cn";
import { actorOf, requireUser } from "~/server/session.server";
import { formText, intent, intentAction } from "~/server/forms.server";
import { ownFamilyOrThrow } from "~/domain/access/queries.server";
import { makeupStateLabel, presenceLabel } from "~/features/makeups/makeup-screen";
import { brl, day } from "~/features/charges/charges-screen";
import { ChargeStatusBadge } from "~/components/charge-status";
import { PixPayment, type PixView } from "~/features/charges/pix-payment";
import { pixView } from "~/features/charges/pix.server";
import { chargeDue } from "~/domain/charges/queries.server";
import { OPEN } from "~/domain/charges/words";
import { familyFinance } from "~/domain/family/finance.server";
import type { FamilyFinanceDTO } from "~/domain/family/schema";
import type { Actor } from "~/domain/access/roles";

/**
 * The family's space (a Client's start: '/' and the sign-in lead here), in
 * three tabs (`?tab=`, links, so they work without JavaScript; a bar at the
 * bottom of the screen below 768 px): 'Minha família' — a summary (the next
 * class: who, when, where; 'A pagar': what is overdue or due soon, its total
 * and the most urgent charge's Pix), then each child with its classes, the
 * next sessions ('Avisar falta' on each, or the notice given and 'Cancelar
 * aviso'), the presence rate and the absences with their make-ups;
 * 'Financeiro' — what is due today, 'Vencido', 'A vencer' (each open charge's
 * Pix) and 'Histórico (N)'; 'Meus dados' — the persons' contacts and the
 * address ('Editar'), and 'Baixar meus dados'. The actions open URL dialogs
 * (child routes). A user without a family sees that there is none.
 */
type Tab = "familia" | "dados" | "financeiro";
const tabOf = (request: Request): Tab => {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab === "dados" || tab === "financeiro" ? tab : "familia";
};

type FamilyCharge = FamilyFinanceDTO["overdue"][number];

/** What a charge's card shows (the loader sends only that). */
const chargeView = (c: FamilyCharge) => ({
  id: c.id,
  title: c.title,
  // The charge's own words under a class's name ('Mensalidade 11/2026 — Ballet'), none when it is the title.
  description: c.title === c.description ? null : c.description,
  studentName: c.studentName,
  dueDate: c.dueDate,
  status: c.status,
  paid: c.paid,
  amount: c.amount,
  amountDue: c.amountDue,
});

/**
 * The 'Financeiro' tab (`familyFinance`: 'Vencido', 'A vencer', 'Histórico'
 * and what is due today): for each open charge its Pix and, when overdue,
 * the fine and interest of what is due today.
 */
async function financeOf(actor: Actor) {
  const finance = await familyFinance(actor);
  const open = async (c: FamilyCharge) => {
    const due = c.overdue && !c.feesWaived ? await chargeDue(actor, c.id, null) : null;
    return { ...chargeView(c), fees: due ? { fine: due.fine, interest: due.interest } : null, pix: await pixView(actor, c.id) };
  };
  return {
    on: finance.date,
    dueToday: finance.dueToday,
    overdue: await Promise.all(finance.overdue.map(open)),
    upcoming: await Promise.all(finance.upcoming.map(open)),
    history: finance.history.map((c) => ({ ...chargeView(c), fees: null, pix: null as PixView | null })),
  };
}

/** The summary card's 'A pagar': what is overdue or due soon, its total, and the most urgent charge's Pix. */
async function toPayOf(actor: Actor) {
  const { date, toPay } = await familyFinance(actor);
  const first = toPay.charges[0];
  return {
    on: date,
    total: toPay.total,
    charges: toPay.charges.map(chargeView),
    pix: first ? { id: first.id, title: first.title, view: await pixView(actor, first.id) } : null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const tab = tabOf(request);
  try {
    const family = await getFamily(actorOf(user));
    return {
      tab,
      finance: tab === "financeiro" ? await financeOf(actorOf(user)) : null,
      toPay: tab === "familia" ? await toPayOf(actorOf(user)) : null,
      family: {
        nextSession: family.nextSession
          ? {
              studentName: family.nextSession.studentName,
              date: family.nextSession.date,
              startTime: family.nextSession.startTime,
              endTime: family.nextSession.endTime,
              classLabel: family.nextSession.classLabel,
              branchName: family.nextSession.branchName,
              classroomName: family.nextSession.classroomName,
            }
          : null,
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
    if (error instanceof NotFoundError && error.message === FAMILY_NOT_FOUND) return { tab, finance: null, toPay: null, family: null };
    throw error;
  }
}

/** POST /family intent=withdrawNotice: 'Cancelar aviso' of an absence notice (Post/Redirect/Get, with or without JavaScript). */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, {
    permission: () => true,
    // Without a family there is nothing to withdraw: a 404, as on the family's dialogs.
    guard: ownFamilyOrThrow,
    intents: {
      withdrawNotice: intent({
        schema: z.object({ noticeId: formText().transform((id) => id.slice(0, 100)) }),
        save: (value, { actor }) => withdrawAbsenceNotice(actor, value.noticeId),
        errorTitle: "Erro ao cancelar aviso",
        // The notice is a line of the page: a refusal comes back to it with the toast.
        refusedTo: () => "/family",
        redirectTo: "/family",
        success: "Aviso de falta cancelado",
      }),
    },
  });
}

const TABS: Array<{ tab: Tab; label: string; href: string }> = [
  { tab: "familia", label: "Minha família", href: "/family" },
  { tab: "financeiro", label: "Financeiro", href: "/family?tab=financeiro" },
  { tab: "dados", label: "Meus dados", href: "/family?tab=dados" },
];

export default function FamilyPage({ loaderData }: Route.ComponentProps) {
  const { family, finance, toPay, tab } = loaderData;
  return (
    // Below 768 px the sections are a tab bar at the bottom of the screen: room for it under the page.
    <div className="mx-auto max-w-3xl pb-20 md:pb-0">
      <PageHeader title="Minha família" />
      {!family ? (
        <EmptyState message="Nenhuma família vinculada à sua conta" />
      ) : (
        <>
          <nav
            aria-label="Seções da família"
            className="fixed inset-x-0 bottom-0 z-20 grid grid-cols-3 border-t border-slate-200 bg-white md:static md:mb-6 md:flex md:gap-2 md:border-t-0 md:border-b md:bg-transparent"
          >
            {TABS.map((t) => (
              <Link
                key={t.tab}
                to={t.href}
                aria-current={t.tab === tab ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-14 items-center justify-center border-t-2 px-2 text-center text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-violet-600 md:-mb-px md:min-h-11 md:border-t-0 md:border-b-2 md:px-3",
                  t.tab === tab ? "border-violet-700 text-violet-800" : "border-transparent text-slate-700 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          {tab === "familia" ? (
            <>
              <Summary next={family.nextSession} toPay={toPay} />
              <Children students={family.students} />
            </>
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

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * The first thing a parent reads: the children's next class (who, when,
 * where) and 'A pagar' (what is overdue or due in the next days, its total,
 * the most urgent charge's Pix, and the way to 'Financeiro').
 */
function Summary({ next, toPay }: { next: NonNullable<LoaderData["family"]>["nextSession"]; toPay: LoaderData["toPay"] }) {
  return (
    <section aria-labelledby="family-summary" className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="family-summary" className="sr-only">
        Resumo
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-1 font-semibold">Próxima aula</h3>
          {next ? (
            <p className="text-sm" data-testid="next-class">
              <span className="block font-semibold">{next.studentName}</span>
              <span className="block">{`${dayHeading(next.date)} · ${next.startTime}–${next.endTime}`}</span>
              <span className="block text-slate-700">{`${next.classLabel} · ${next.branchName} · ${next.classroomName}`}</span>
            </p>
          ) : (
            <p className="text-sm text-slate-700">Nenhuma aula nos próximos dias</p>
          )}
        </div>
        <div>
          <h3 className="mb-1 font-semibold">A pagar</h3>
          {!toPay || toPay.charges.length === 0 ? (
            <p className="text-sm text-slate-700">Nada a pagar agora</p>
          ) : (
            <>
              <p className="flex items-baseline justify-between gap-2">
                <span className="text-sm">Total</span>
                <span className="text-xl font-bold">{brl(toPay.total)}</span>
              </p>
              <ul className="mt-2 space-y-2 text-sm" aria-label="Cobranças a pagar">
                {toPay.charges.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      <span className="font-medium">{c.title}</span>
                      <span className="block text-slate-700">{`Vence ${day(c.dueDate)} · ${brl(c.amountDue)}`}</span>
                    </span>
                    <ChargeStatusBadge charge={c} on={toPay.on} />
                  </li>
                ))}
              </ul>
              {toPay.pix?.view.pix ? (
                <div className="mt-3 border-t border-slate-200 pt-3">
                  <p className="text-sm font-medium">{`Pix de ${toPay.pix.title}`}</p>
                  <PixPayment
                    view={toPay.pix.view}
                    id={`summary-${toPay.pix.id}`}
                    qrLabel={`QR Code do Pix de ${toPay.pix.title}`}
                    collapseQr
                  />
                </div>
              ) : null}
            </>
          )}
          <Link to="/family?tab=financeiro" className="mt-3 inline-flex min-h-11 items-center font-medium text-violet-800 underline">
            Ver Financeiro
          </Link>
        </div>
      </div>
    </section>
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

type ChargeCard = NonNullable<LoaderData["finance"]>["overdue" | "history"][number];

/**
 * 'Financeiro': what is due today (overdue and due today, not what falls due
 * later), then 'Vencido' and 'A vencer' (each open charge with its Pix), then
 * the paid and cancelled charges folded in 'Histórico (N)'.
 */
function Finance({ finance }: { finance: NonNullable<LoaderData["finance"]> }) {
  const { overdue, upcoming, history, dueToday, on } = finance;
  const card = (c: ChargeCard) => <ChargeArticle key={c.id} c={c} on={on} />;
  return (
    <PageSection id="family-finance" title="Financeiro">
      {overdue.length + upcoming.length + history.length === 0 ? (
        <EmptyState message="Nenhuma cobrança para a sua família" />
      ) : (
        <>
          <p className="mb-6 flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4">
            <span className="font-semibold">Total devido hoje</span>
            <span className="text-xl font-bold">{brl(dueToday)}</span>
          </p>
          {overdue.length > 0 ? (
            <section aria-labelledby="finance-overdue" className="mb-6">
              <h3 id="finance-overdue" className="mb-2 font-semibold text-red-900">
                Vencido
              </h3>
              <ul className="space-y-4">{overdue.map(card)}</ul>
            </section>
          ) : null}
          {upcoming.length > 0 ? (
            <section aria-labelledby="finance-upcoming" className="mb-6">
              <h3 id="finance-upcoming" className="mb-2 font-semibold">
                A vencer
              </h3>
              <ul className="space-y-4">{upcoming.map(card)}</ul>
            </section>
          ) : null}
          {history.length > 0 ? (
            <details className="rounded-lg border border-slate-200 bg-white">
              <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
                {`Histórico (${history.length})`}
              </summary>
              <ul className="space-y-4 p-4 pt-0">{history.map(card)}</ul>
            </details>
          ) : null}
        </>
      )}
    </PageSection>
  );
}

/** One charge of the family: titled by its class (or its description), its status, amounts and, while open, its Pix. */
function ChargeArticle({ c, on }: { c: ChargeCard; on: string }) {
  return (
    <li>
      <article aria-labelledby={`charge-${c.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h4 id={`charge-${c.id}`} className="font-semibold">
            {c.title}
          </h4>
          <ChargeStatusBadge charge={c} on={on} />
        </div>
        {c.description ? <p className="text-sm text-slate-700">{c.description}</p> : null}
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
            <PixPayment view={c.pix} id={c.id} qrLabel={`QR Code do Pix de ${c.title}`} collapseQr />
          </div>
        ) : null}
      </article>
    </li>
  );
}

function MyData({ family }: { family: Family }) {
  return (
    <PageSection id="family-data" title="Meus dados" className="rounded-lg border border-slate-200 bg-white p-4">
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
    </PageSection>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Minha família" }];
}
