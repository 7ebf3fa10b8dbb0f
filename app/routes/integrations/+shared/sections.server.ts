import type { Actor } from "~/domain/access/roles";
import type { IntegrationSection } from "./sections";

/**
 * THE place to add a section to 'Integrações': a loader per section, in the
 * order they appear after 'Rotinas'. Each gets the signed-in Administrator and
 * answers its section (./sections.ts); the bank connections ('Conexões com o
 * banco', each branch's status) go here.
 */
export type IntegrationSectionLoader = (actor: Actor) => Promise<IntegrationSection>;

export const INTEGRATION_SECTIONS: readonly IntegrationSectionLoader[] = [];

export function loadIntegrationSections(actor: Actor): Promise<IntegrationSection[]> {
  return Promise.all(INTEGRATION_SECTIONS.map((load) => load(actor)));
}
