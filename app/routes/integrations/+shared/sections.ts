/**
 * The sections other features add to 'Integrações' (/integrations), after
 * 'Fila de trabalhos' and 'Rotinas': each a title and a list of things
 * connected elsewhere (a branch's bank connection…) with their status, shown
 * by `IntegrationSections` (./sections-view.tsx). Their loaders are listed in
 * ./sections.server.ts.
 */
export type IntegrationStatus = "ok" | "error" | "unchecked" | "none";

export interface IntegrationItem {
  id: string;
  /** What is connected ('Unidade Centro'). */
  name: string;
  status: IntegrationStatus;
  /** The status in words ('Conexão verificada', 'Com erro', 'Não configurada'). */
  statusLabel: string;
  /** A detail: the last error, the certificate's expiry… */
  detail: string | null;
  /** Where it is configured (its settings screen). */
  href: string | null;
}

export interface IntegrationSection {
  /** The section's anchor on the page ('conexoes-banco'). */
  id: string;
  /** Its heading ('Conexões com o banco'). */
  title: string;
  description?: string;
  /** What an empty list says. */
  empty: string;
  items: IntegrationItem[];
}
