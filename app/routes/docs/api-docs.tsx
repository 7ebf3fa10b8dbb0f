import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/api-docs";
import { openApiDocument } from "~/openapi/document.server";
import { apiReference, type AnswerRow, type EndpointView, type FieldRow } from "~/openapi/reference";

/**
 * The API reference for people: public, server-rendered, generated from the
 * same OpenAPI document as GET /api/openapi.json (no JavaScript needed).
 */
export async function loader() {
  return apiReference(await openApiDocument());
}

export default function ApiDocs({ loaderData: ref }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <p className="font-semibold">{ref.title}</p>
          <nav aria-label="Links da documentação" className="flex flex-wrap gap-4 text-sm">
            <a className="text-violet-800 underline underline-offset-2 hover:text-violet-950" href="/api/openapi.json">
              Documento OpenAPI (JSON)
            </a>
            <Link className="text-violet-800 underline underline-offset-2 hover:text-violet-950" to="/">
              Voltar ao sistema
            </Link>
          </nav>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Sumário" className="lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">Sumário</h2>
          <ul className="space-y-3 text-sm">
            {ref.groups.map((g) => (
              <li key={g.tag}>
                <a className="font-medium text-violet-800 underline-offset-2 hover:underline" href={`#${anchor(g.tag)}`}>
                  {g.tag}
                </a>
                <ul className="mt-1 space-y-1 border-l border-slate-200 pl-3">
                  {g.endpoints.map((e) => (
                    <li key={e.id}>
                      <a className="text-slate-700 underline-offset-2 hover:underline" href={`#${e.id}`}>
                        <span className="font-mono text-xs">{e.method}</span> {e.summary}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <a className="font-medium text-violet-800 underline-offset-2 hover:underline" href="#schemas">
                Schemas das respostas
              </a>
            </li>
          </ul>
        </nav>
        <main className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">Referência da API</h1>
          <p className="mt-1 text-sm text-slate-700">Versão {ref.version} · OpenAPI 3.1</p>
          <Intro text={ref.description} />
          {ref.groups.map((g) => (
            <section key={g.tag} aria-labelledby={anchor(g.tag)} className="mt-10">
              <h2 id={anchor(g.tag)} className="scroll-mt-4 text-xl font-bold">
                {g.tag}
              </h2>
              {g.description ? <p className="mt-1 text-slate-700">{inline(g.description)}</p> : null}
              {g.endpoints.map((e) => (
                <Endpoint key={e.id} endpoint={e} />
              ))}
            </section>
          ))}
          <section aria-labelledby="schemas" className="mt-12">
            <h2 id="schemas" className="scroll-mt-4 text-xl font-bold">
              Schemas das respostas
            </h2>
            {ref.schemas.map((s) => (
              <article key={s.name} aria-labelledby={`schema-${s.name}`} className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
                <h3 id={`schema-${s.name}`} className="scroll-mt-4 font-mono text-base font-semibold">
                  {s.name}
                </h3>
                {s.description ? <p className="mt-1 text-sm text-slate-700">{inline(s.description)}</p> : null}
                {s.fields.length ? (
                  <Fields caption={`Campos de ${s.name}`} rows={s.fields} />
                ) : (
                  <p className="mt-2 text-sm">
                    Tipo: <code className="font-mono">{s.type}</code>
                  </p>
                )}
              </article>
            ))}
          </section>
        </main>
      </div>
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Referência da API" }];
}

const METHOD_COLORS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-violet-100 text-violet-900",
  DELETE: "bg-red-100 text-red-900",
};

function Endpoint({ endpoint: e }: { endpoint: EndpointView }) {
  return (
    <article id={e.id} aria-labelledby={`${e.id}-title`} className="mt-4 scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${e.id}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLORS[e.method] ?? "bg-slate-100"}`}>{e.method}</span>
        <code className="font-mono text-sm break-all">{e.path}</code>
        <span className="font-normal text-slate-700">— {e.summary}</span>
      </h3>
      {e.description ? <p className="mt-2 text-sm text-slate-800">{inline(e.description)}</p> : null}
      <p className="mt-2 text-sm">
        <span className="font-medium">Acesso:</span> {e.access}
      </p>
      {e.parameters.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">Parâmetros</h4>
          <Fields caption={`Parâmetros de ${e.method} ${e.path}`} rows={e.parameters} where />
        </>
      ) : null}
      {e.body ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">
            Corpo (
            {e.body.mediaTypes.map((t, i) => (
              <Fragment key={t}>
                {i ? ", " : null}
                <code className="font-mono">{t}</code>
              </Fragment>
            ))}
            )
          </h4>
          {e.body.description ? <p className="mt-1 text-sm text-slate-700">{e.body.description}</p> : null}
          {e.body.fields.length ? <Fields caption={`Corpo de ${e.method} ${e.path}`} rows={e.body.fields} /> : null}
        </>
      ) : null}
      <h4 className="mt-4 text-sm font-semibold">Respostas</h4>
      <Answers rows={e.answers} />
    </article>
  );
}

function Fields({ caption, rows, where }: { caption: string; rows: Array<FieldRow & { in?: string }>; where?: boolean }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="py-1 pr-3 font-medium">
              Campo
            </th>
            {where ? (
              <th scope="col" className="py-1 pr-3 font-medium">
                Em
              </th>
            ) : null}
            <th scope="col" className="py-1 pr-3 font-medium">
              Tipo
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Obrigatório
            </th>
            <th scope="col" className="py-1 font-medium">
              Regras e notas
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pr-3 font-mono font-normal">
                {r.name}
              </th>
              {where ? <td className="py-1 pr-3">{r.in}</td> : null}
              <td className="py-1 pr-3 font-mono text-xs break-all">{r.type}</td>
              <td className="py-1 pr-3">{r.required ? "sim" : "não"}</td>
              <td className="py-1 text-slate-800">
                {[...(r.description ? [r.description] : []), ...r.rules].map((text, i) => (
                  <Fragment key={i}>
                    {i ? <span aria-hidden="true"> · </span> : null}
                    {inline(text)}
                  </Fragment>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Answers({ rows }: { rows: AnswerRow[] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {rows.map((a) => (
        <li key={a.status} className="flex flex-wrap gap-x-2">
          <span className={`font-mono font-semibold ${Number(a.status) >= 400 ? "text-red-800" : "text-emerald-800"}`}>{a.status}</span>
          <span>{inline(a.description)}</span>
          {a.schema ? (
            <span>
              →{" "}
              {a.schema.name ? (
                <a className="font-mono text-violet-800 underline underline-offset-2" href={`#schema-${a.schema.name}`}>
                  {a.schema.label}
                </a>
              ) : (
                <code className="font-mono">{a.schema.label}</code>
              )}
            </span>
          ) : null}
          {a.headers.length ? (
            <span className="text-slate-700">
              (cabeçalhos:{" "}
              {a.headers.map((h, i) => (
                <Fragment key={h}>
                  {i ? ", " : null}
                  <code className="font-mono">{h}</code>
                </Fragment>
              ))}
              )
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The document's description: lines, `- ` bullets, `code` and **bold**. */
function Intro({ text }: { text: string }) {
  const lines = text.split("\n").filter((l) => l.trim());
  const bullets = lines.filter((l) => l.startsWith("- "));
  const paragraphs = lines.filter((l) => !l.startsWith("- "));
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      {paragraphs.map((p, i) => (
        <p key={i}>{inline(p)}</p>
      ))}
      {bullets.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {bullets.map((b, i) => (
            <li key={i}>{inline(b.slice(2))}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Renders `code` and **bold** spans of the document's short texts. */
function inline(text: string): ReactNode {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, i) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
      return (
        <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
          {part.slice(1, -1)}
        </code>
      );
    }
    if (part.startsWith("**") && part.endsWith("**") && part.length > 3) return <strong key={i}>{part.slice(2, -2)}</strong>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

function anchor(tag: string): string {
  return `tag-${tag
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")}`;
}
