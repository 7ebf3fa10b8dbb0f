import type { Actor } from "~/domain/access/roles";
import { bankConnectionStatuses } from "~/domain/bank/queries.server";
import { dateAndTimeIn, formatDay } from "~/domain/calendar/dates";
import type { IntegrationSection } from "./sections";

/**
 * THE place to add a section to 'Integrações': a loader per section, in the
 * order they appear after 'Rotinas'. Each gets the signed-in Administrator and
 * answers its section (./sections.ts); the bank connections ('Conexões com o
 * banco', each branch's status) go here.
 */
export type IntegrationSectionLoader = (actor: Actor) => Promise<IntegrationSection>;

const BANK_STATUS_LABEL = { ok: "Conexão verificada", error: "Com erro", unchecked: "Não verificada" } as const;

/** 'Conexões com o banco': each connected branch and how its last check went ('Verificar conexão' on the branch's screen). */
async function bankConnections(): Promise<IntegrationSection> {
  const rows = await bankConnectionStatuses();
  return {
    id: "conexoes-banco",
    title: "Conexões com o banco",
    description: "As unidades conectadas ao banco pela API Pix: as cobranças são registradas no banco e os Pix chegam sozinhos.",
    empty: "Nenhuma unidade conectada ao banco.",
    items: rows.map((r) => {
      const at = r.checkedAt ? dateAndTimeIn(r.checkedAt) : null;
      return {
        id: r.branchId,
        name: r.branchName,
        status: r.status,
        statusLabel: BANK_STATUS_LABEL[r.status],
        detail: r.lastError ?? (at ? `Verificada em ${formatDay(at.date)} ${at.time}` : null),
        href: `/branches/${r.branchId}/bank`,
      };
    }),
  };
}

export const INTEGRATION_SECTIONS: readonly IntegrationSectionLoader[] = [bankConnections];

export function loadIntegrationSections(actor: Actor): Promise<IntegrationSection[]> {
  return Promise.all(INTEGRATION_SECTIONS.map((load) => load(actor)));
}
