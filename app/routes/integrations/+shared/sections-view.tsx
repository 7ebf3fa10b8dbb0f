import { Link } from "react-router";
import { DataList } from "~/components/ui/page";
import { cn } from "~/lib/cn";
import type { IntegrationItem, IntegrationSection, IntegrationStatus } from "./sections";

const STATUS_CLASS: Record<IntegrationStatus, string> = {
  ok: "bg-emerald-100 text-emerald-900",
  error: "bg-red-100 text-red-900",
  unchecked: "bg-amber-100 text-amber-900",
  none: "bg-slate-100 text-slate-800",
};

function Status({ item }: { item: IntegrationItem }) {
  return <span className={cn("badge", STATUS_CLASS[item.status])}>{item.statusLabel}</span>;
}

/** The sections other features add to 'Integrações' (./sections.server.ts), each a list of things with their status. */
export function IntegrationSections({ sections }: { sections: IntegrationSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-8">
          <h2 id={`${section.id}-title`} className="mb-2 text-lg font-semibold">
            {section.title}
          </h2>
          {section.description ? <p className="mb-3 text-sm text-slate-700">{section.description}</p> : null}
          <DataList
            caption={section.title}
            rows={section.items}
            empty={section.empty}
            tableFrom="md"
            columns={[
              {
                header: "Nome",
                stack: "title",
                cell: (item) =>
                  item.href ? (
                    <Link to={item.href} className="text-violet-800 underline">
                      {item.name}
                    </Link>
                  ) : (
                    item.name
                  ),
              },
              { header: "Situação", stack: "status", cell: (item) => <Status item={item} /> },
              { header: "Detalhe", cell: (item) => item.detail ?? "—", className: "break-words" },
            ]}
          />
        </section>
      ))}
    </>
  );
}
