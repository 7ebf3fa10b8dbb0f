import { formatDay } from "~/domain/calendar/dates";
import { formatBRL } from "~/lib/format";

/** 'R$ 1.023,33' from the API's "1023.33". */
export const brl = (value: string) => formatBRL(value);

/** '10/10/2026'. */
export const day = (value: string | null) => formatDay(value);

/** The /charges URL with these filters (blank ones left out). */
export function chargesHref(filter: { month?: string; status?: string; q?: string }, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/charges?${query}` : "/charges";
}
