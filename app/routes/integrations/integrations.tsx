import { z } from "zod";
import { Form } from "react-router";
import type { Route } from "./+types/integrations";
import { Button } from "~/components/ui/button";
import { DataList } from "~/components/ui/page";
import { isAdmin } from "~/domain/access/roles";
import { dateAndTimeIn, schoolTimeZone } from "~/domain/calendar/dates";
import { jobCounts, jobList, listRoutines } from "~/domain/jobs/queries.server";
import { JOB_RETRIED, type JobDTO, type RoutineDTO } from "~/domain/jobs/schema";
import { retryJob } from "~/domain/jobs/service.server";
import { formText, intent, intentAction, screenActor } from "~/server/forms.server";
import { RECURRING } from "~/server/jobs.server";
import { loadIntegrationSections } from "./+shared/sections.server";
import { IntegrationSections } from "./+shared/sections-view";

export const meta: Route.MetaFunction = () => [{ title: "Integrações" }];

/** How many failed jobs the screen lists (the newest); GET /api/jobs?status=failed has them all. */
const FAILED_SHOWN = 50;

/**
 * /integrations ('Integrações', Administrator only; others get the 403 page):
 * the job queue (counts, the failed jobs with 'Tentar de novo'), the recurring
 * jobs' last and next runs, and the sections other features add
 * (./+shared/sections.server.ts: the bank connections).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const [counts, failed, routines, sections] = await Promise.all([
    jobCounts(actor),
    jobList(actor, { status: "failed" }).read(null, FAILED_SHOWN),
    listRoutines(actor, RECURRING),
    loadIntegrationSections(actor),
  ]);
  return { counts, failed: failed.items, moreFailed: failed.next !== null, routines, sections, timeZone: schoolTimeZone() };
}

export async function action(args: Route.ActionArgs) {
  return intentAction(args, {
    permission: isAdmin,
    intents: {
      retry: intent({
        schema: z.object({ jobId: formText() }),
        save: (value, { actor }) => retryJob(actor, value.jobId),
        errorTitle: "Erro ao tentar de novo",
        refusedTo: () => "/integrations",
        redirectTo: "/integrations#fila",
        success: { title: JOB_RETRIED },
      }),
    },
  });
}

function When({ value, timeZone }: { value: string | null; timeZone: string }) {
  if (!value) return <>—</>;
  const { date, time } = dateAndTimeIn(value, timeZone);
  return (
    <time dateTime={value}>
      {date} {time}
    </time>
  );
}

function RetryButton({ job }: { job: JobDTO }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="jobId" value={job.id} />
      <Button type="submit" variant="outline" size="sm" aria-label={`Tentar de novo: ${job.label}`}>
        Tentar de novo
      </Button>
    </Form>
  );
}

function Result({ routine }: { routine: RoutineDTO }) {
  const run = routine.lastRun;
  if (!run) return <>—</>;
  if (run.error) return <span className="break-words text-red-800">Erro: {run.error}</span>;
  if (!run.finishedAt) return <>Em execução</>;
  const counts = Object.entries(run.result ?? {});
  if (!counts.length) return <>Concluída</>;
  return <>{counts.map(([name, n]) => `${name}: ${n}`).join(" · ")}</>;
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const { counts, failed, moreFailed, routines, sections, timeZone } = loaderData;
  return (
    <div>
      <h1 className="mb-1 text-2xl font-bold tracking-tight">Integrações</h1>
      <p className="mb-6 text-slate-700">
        O trabalho feito em segundo plano: a fila, as rotinas periódicas e as conexões com outros sistemas.
      </p>

      <section id="fila" aria-labelledby="fila-title" tabIndex={-1}>
        <h2 id="fila-title" className="mb-2 text-lg font-semibold">
          Fila de trabalhos
        </h2>
        <dl className="mb-4 grid max-w-xl grid-cols-3 gap-3">
          {(
            [
              ["Na fila", counts.pending],
              ["Em execução", counts.running],
              ["Com falha", counts.failed],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="card">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-2xl font-semibold">{n}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mb-2 font-semibold">Trabalhos com falha</h3>
        <DataList
          caption="Trabalhos com falha"
          rows={failed}
          empty="Nenhum trabalho com falha"
          columns={[
            { header: "Tipo", stack: "title", cell: (job) => job.label },
            { header: "Tentativas", cell: (job) => job.attempts },
            { header: "Último erro", cell: (job) => job.lastError ?? "—", className: "break-words" },
            { header: "Data", cell: (job) => <When value={job.finishedAt} timeZone={timeZone} />, className: "whitespace-nowrap" },
          ]}
          actions={(job) => <RetryButton job={job} />}
        />
        {moreFailed ? (
          <p className="mt-2 text-sm text-slate-700">Mostrando os {FAILED_SHOWN} mais recentes (todos em GET /api/jobs?status=failed).</p>
        ) : null}
      </section>

      <section aria-labelledby="rotinas-title" className="mt-8">
        <h2 id="rotinas-title" className="mb-2 text-lg font-semibold">
          Rotinas
        </h2>
        <DataList
          caption="Rotinas"
          rows={routines}
          rowKey={(routine) => routine.name}
          empty="Nenhuma rotina"
          columns={[
            { header: "Rotina", stack: "title", cell: (routine) => routine.label },
            { header: "Quando", cell: (routine) => routine.schedule },
            {
              header: "Última execução",
              cell: (routine) => <When value={routine.lastRun?.startedAt ?? null} timeZone={timeZone} />,
              className: "whitespace-nowrap",
            },
            { header: "Resultado", cell: (routine) => <Result routine={routine} /> },
            {
              header: "Próxima execução",
              cell: (routine) => <When value={routine.nextRunAt} timeZone={timeZone} />,
              className: "whitespace-nowrap",
            },
          ]}
        />
      </section>

      <IntegrationSections sections={sections} />
    </div>
  );
}
