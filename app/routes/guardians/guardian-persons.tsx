import { useLocation } from "react-router";
import type { Route } from "./+types/guardian-persons";
import { SpriteIcon } from "~/components/icons";
import { buttonClass, LinkButton } from "~/components/ui/button";
import { auditHref } from "~/features/audit/audit-links";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { Badge } from "~/components/ui/page";
import { isAdmin } from "~/domain/access/roles";
import { getGuardian, guardianAnonymizedOn } from "~/domain/guardians/queries.server";
import { formatDay } from "~/domain/calendar/dates";
import { formatCpf, formatPhone } from "~/lib/format";
import { orRespond } from "~/server/forms.server";
import { FinanceSection } from "~/features/charges/finance-section";
import { financeSection } from "~/features/charges/finance-section.server";
import { actorOf, requireUser } from "~/server/session.server";

/**
 * /guardians/:id/persons, the family's page: every signed-in user sees the
 * persons and the family's 'Financeiro'; administrators also edit and remove
 * persons, create a one-off charge, download the family's data and anonymise it
 * (once: an anonymised family shows when it was instead).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const actor = actorOf(user);
  const guardian = await orRespond(getGuardian(actor, params.id));
  const manages = isAdmin(user);
  const [finance, anonymizedOn] = await Promise.all([
    financeSection(actor, { guardianId: guardian.id }),
    manages ? guardianAnonymizedOn(guardian.id) : null,
  ]);
  return { guardian, finance, isAdmin: manages, anonymizedOn };
}

export default function GuardianPersons({ loaderData }: Route.ComponentProps) {
  const { guardian, finance, isAdmin, anonymizedOn } = loaderData;
  const { search } = useLocation();
  const base = `/guardians/${guardian.id}/persons`;
  // §4: the primary person and the last remaining one cannot be deleted.
  const deletable = (isPrimary: boolean) => isAdmin && !isPrimary && guardian.persons.length > 1;
  return (
    <RouteDialog
      title={isAdmin ? "Gerenciar Pessoas" : "Pessoas do Responsável"}
      description={guardian.address}
      closeTo={`/guardians${search}`}
      size="lg"
    >
      <ul className="space-y-3">
        {guardian.persons.map((p) => (
          <li key={p.id} className="rounded-md border border-slate-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold">
                  {p.fullName} {p.isPrimary ? <Badge className="ml-1">Principal</Badge> : null}
                </p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-slate-600">E-mail</dt>
                  <dd className="break-all">{p.email}</dd>
                  <dt className="text-slate-600">CPF</dt>
                  <dd>{formatCpf(p.cpf)}</dd>
                  <dt className="text-slate-600">Telefone</dt>
                  <dd>{formatPhone(p.phone) || "-"}</dd>
                  <dt className="text-slate-600">Nascimento</dt>
                  <dd>{p.birthDate ? p.birthDate.split("-").reverse().join("/") : "-"}</dd>
                </dl>
              </div>
              {isAdmin ? (
                <div className="flex gap-2">
                  <LinkButton to={`${base}/${p.id}/edit${search}`} variant="outline" size="sm" preventScrollReset>
                    <SpriteIcon name="pencil" /> Editar<span className="sr-only"> {p.fullName}</span>
                  </LinkButton>
                  {deletable(p.isPrimary) ? (
                    <LinkButton
                      to={`${base}/${p.id}/delete${search}`}
                      variant="outline"
                      size="sm"
                      preventScrollReset
                      className="text-red-800"
                    >
                      <SpriteIcon name="trash" /> Excluir<span className="sr-only"> {p.fullName}</span>
                    </LinkButton>
                  ) : null}
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <p className="mt-3 text-xs text-slate-600">A pessoa principal e a última pessoa do responsável não podem ser excluídas.</p>
      ) : null}
      <FinanceSection
        {...finance}
        newChargeHref={finance.newChargeHref ? `${finance.newChargeHref}${search}` : null}
        empty="Nenhuma cobrança desta família"
        compact
      />
      {isAdmin ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {/* A file, not a page: a plain link, downloaded with or without JavaScript. */}
          <a href={`/api/guardians/${guardian.id}/export`} download className={buttonClass("outline", "sm")}>
            Baixar meus dados
          </a>
          {anonymizedOn ? (
            <p className="self-center text-sm text-slate-700">Família anonimizada em {formatDay(anonymizedOn)}.</p>
          ) : (
            <LinkButton to={`/guardians/${guardian.id}/anonymize${search}`} variant="outline" size="sm" className="text-red-800">
              Anonimizar família
            </LinkButton>
          )}
        </div>
      ) : null}
      <DialogFooter>
        {isAdmin ? (
          <LinkButton to={auditHref({ entity: "guardians", entityId: guardian.id })} variant="outline">
            Ver alterações
          </LinkButton>
        ) : null}
        <LinkButton to={`/guardians${search}`} variant="outline" preventScrollReset>
          Fechar
        </LinkButton>
      </DialogFooter>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.isAdmin ? "Gerenciar Pessoas" : "Pessoas do Responsável" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
