import { Form, Link } from "react-router";
import type { Route } from "./+types/audit";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass, Options } from "~/components/ui/field";
import { DataList, EmptyState, PageHeader } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { isAdmin } from "~/domain/access/roles";
import {
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  formatAuditInstant,
  formatAuditValue,
} from "~/domain/audit/labels";
import type { AuditEntryDTO } from "~/domain/audit/schema";
import { auditRecordNames, auditReferenceNames, listAuditPage, listAuditUsers } from "~/domain/audit/queries.server";
import { schoolTimeZone } from "~/domain/calendar/dates";
import { ValidationError } from "~/domain/errors";
import { auditFilterValues, auditHref, type AuditFilterValues } from "~/features/audit/audit-links";
import { screenActor } from "~/server/forms.server";
import { fromReplica } from "~/server/reader.server";

/** /audit ('Auditoria'): the audit trail, administrators only (others get the 403 screen). Filters are a GET form. */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const actor = await screenActor(args, isAdmin);
  const params = new URL(request.url).searchParams;
  const filter = auditFilterValues(params);
  // The trail's reads come from the read replica when there is one (ADR 019).
  const users = await fromReplica(context, () => listAuditUsers(actor));
  const timeZone = schoolTimeZone();
  // The screen leaves the sign-ins out unless 'Mostrar acessos' asks for them.
  const signIns = filter.signIns === "show" ? "show" : "hide";
  try {
    const { result, names, references } = await fromReplica(context, async () => {
      const result = await listAuditPage(actor, { ...filter, signIns }, { page: Number(params.get("page")) || 1 });
      const [names, references] = await Promise.all([auditRecordNames(actor, result.entries), auditReferenceNames(actor, result.entries)]);
      return { result, names, references };
    });
    return { ...result, names, references, filter, users, errors: {} as Record<string, string[]>, timeZone };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const names: Record<string, string> = {};
    return {
      entries: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 0,
      names,
      references: names,
      filter,
      users,
      errors: error.errors ?? {},
      timeZone,
    };
  }
}

function Changes({ entry, timeZone, references }: { entry: AuditEntryDTO; timeZone: string; references: Record<string, string> }) {
  const fields = Object.entries(entry.changes ?? {});
  if (!fields.length) return <span className="text-slate-700">—</span>;
  // Another record's id is shown by its name (a class, a student…).
  const shownValue = (field: string, value: unknown) =>
    typeof value === "string" && references[value] ? references[value] : formatAuditValue(field, value, timeZone);
  return (
    <ul className="space-y-1 text-sm">
      {fields.map(([field, change]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{auditFieldLabel(field)}</span>
          {entry.action === "create" || entry.action === "sign-in-failed" ? (
            <>: {shownValue(field, change.after)}</>
          ) : entry.action === "delete" ? (
            <>: {shownValue(field, change.before)}</>
          ) : (
            <>
              : {shownValue(field, change.before)} <span aria-hidden="true">→</span>
              <span className="sr-only">para</span> {shownValue(field, change.after)}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Who({ entry }: { entry: AuditEntryDTO }) {
  return <>{entry.userName ?? (entry.userId ? entry.userId : "Sistema")}</>;
}

function filterIsSet(filter: AuditFilterValues): boolean {
  return Object.values(filter).some(Boolean);
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, page, pageCount, total, names, references, filter, users, errors, timeZone } = loaderData;
  const when = (e: AuditEntryDTO) => <time dateTime={e.createdAt}>{formatAuditInstant(e.createdAt, timeZone)}</time>;
  // The record by what it is ('Matrícula de Helena Oliveira — Ballet Clássico - Turma 1'), a link to its own changes.
  const record = (e: AuditEntryDTO) =>
    e.entityId ? (
      <Link
        to={auditHref({ entity: e.entity, entityId: e.entityId, signIns: filter.signIns })}
        className="break-words text-violet-800 underline"
      >
        {names[e.id] ?? auditEntityLabel(e.entity)}
      </Link>
    ) : (
      auditEntityLabel(e.entity)
    );
  const changes = (e: AuditEntryDTO) => <Changes entry={e} timeZone={timeZone} references={references} />;
  return (
    <div>
      <PageHeader title="Auditoria" description="Quem criou, alterou ou excluiu cada registro, e as entradas e saídas do sistema." />
      <Form
        method="get"
        action="/audit"
        role="search"
        aria-label="Filtrar auditoria"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <div className="lg:col-span-1">
          <label htmlFor="audit-entity" className="block text-sm font-medium text-slate-900">
            Entidade
          </label>
          <select id="audit-entity" name="entity" defaultValue={filter.entity} key={`e${filter.entity}`} className={inputClass}>
            <option value="">Todas</option>
            {Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldErrors errors={errors.entity} />
        </div>
        <div className="lg:col-span-1">
          <label htmlFor="audit-record" className="block text-sm font-medium text-slate-900">
            Registro
          </label>
          <input id="audit-record" name="entityId" defaultValue={filter.entityId} key={`r${filter.entityId}`} className={inputClass} />
          <FieldErrors errors={errors.entityId} />
        </div>
        <div className="lg:col-span-1">
          <label htmlFor="audit-user" className="block text-sm font-medium text-slate-900">
            Usuário
          </label>
          <select id="audit-user" name="userId" defaultValue={filter.userId} key={`u${filter.userId}`} className={inputClass}>
            <option value="">Todos</option>
            <Options items={users} />
          </select>
          <FieldErrors errors={errors.userId} />
        </div>
        <div>
          <label htmlFor="audit-from" className="block text-sm font-medium text-slate-900">
            De
          </label>
          <input id="audit-from" type="date" name="from" defaultValue={filter.from} key={`f${filter.from}`} className={inputClass} />
          <FieldErrors errors={errors.from} />
        </div>
        <div>
          <label htmlFor="audit-to" className="block text-sm font-medium text-slate-900">
            Até
          </label>
          <input id="audit-to" type="date" name="to" defaultValue={filter.to} key={`t${filter.to}`} className={inputClass} />
          <FieldErrors errors={errors.to} />
        </div>
        <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-6">
          <input
            id="audit-sign-ins"
            type="checkbox"
            name="signIns"
            value="show"
            defaultChecked={filter.signIns === "show"}
            key={`s${filter.signIns}`}
            className="h-4 w-4 rounded border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
          />
          <label htmlFor="audit-sign-ins" className="text-sm font-medium text-slate-900">
            Mostrar acessos (entradas e saídas do sistema)
          </label>
          <FieldErrors errors={errors.signIns} />
        </div>
        <div className="flex items-center gap-2">
          <Button type="submit" variant="outline">
            Filtrar
          </Button>
          {filterIsSet(filter) ? (
            <Link to="/audit" className={buttonClass("ghost")}>
              Limpar
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 alteração" : `${total} alterações`}
      </p>
      <DataList
        caption="Auditoria"
        rows={entries}
        empty={<EmptyState message="Nenhuma alteração encontrada" />}
        card={(e) => (
          <>
            <h2 className="font-semibold">
              {auditActionLabel(e.action)} · {auditEntityLabel(e.entity)}
            </h2>
            <dl className="mt-2 grid grid-cols-1 gap-2 text-sm">
              <div>
                <dt className="text-slate-700">Quando</dt>
                <dd>{when(e)}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Quem</dt>
                <dd>
                  <Who entry={e} />
                  {e.ip ? <span className="text-slate-700"> ({e.ip})</span> : null}
                </dd>
              </div>
              <div>
                <dt className="text-slate-700">Registro</dt>
                <dd>{record(e)}</dd>
              </div>
              <div>
                <dt className="text-slate-700">Campos</dt>
                <dd>{changes(e)}</dd>
              </div>
            </dl>
          </>
        )}
        columns={[
          { header: "Quando", cell: when, className: "whitespace-nowrap align-top" },
          { header: "Quem", cell: (e) => <Who entry={e} />, className: "align-top" },
          { header: "Ação", cell: (e) => auditActionLabel(e.action), className: "align-top" },
          { header: "Registro", cell: record, className: "align-top" },
          { header: "Campos", cell: changes, className: "align-top" },
          { header: "Endereço", cell: (e) => e.ip ?? "—", className: "align-top whitespace-nowrap" },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} href={(n) => auditHref(filter, n)} />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Auditoria" }];
}
