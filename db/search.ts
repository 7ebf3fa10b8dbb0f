import type { Dialect } from "./connection.ts";

/**
 * The persons' substring search on each database's own index (migration 0012):
 * the one place where the guardians' search differs between SQLite and
 * PostgreSQL. Both fold case and accents, so "Conceicao" finds "Conceição".
 */
export interface PersonSearch {
  /** A condition on `"p"` (guardian_persons). */
  sql: string;
  params: Record<string, string>;
}

/** The shortest term an index can serve (one trigram); shorter terms are scanned by the caller. */
export const MIN_INDEXED_CHARS = 3;

/**
 * The persons whose name or e-mail contains `term`, or whose CPF contains
 * `digits` (when not empty): `term` and `digits` of MIN_INDEXED_CHARS characters
 * or more. `like` is `term` as a LIKE pattern (`%…%`, its wildcards escaped
 * with `escape`), for PostgreSQL.
 * - PostgreSQL: `LIKE` on `search_fold(...)`, served by the GIN trigram indexes.
 * - SQLite: a phrase query on the FTS5 trigram table (`%` and `_` are plain
 *   characters there; `"` is doubled inside the phrase).
 */
export function personSearch(dialect: Dialect, search: { term: string; like: string; escape: string; digits: string }): PersonSearch {
  const { term, like, escape, digits } = search;
  if (Array.from(term).length < MIN_INDEXED_CHARS || (digits && digits.length < MIN_INDEXED_CHARS)) {
    throw new Error(`personSearch: terms of fewer than ${MIN_INDEXED_CHARS} characters are scanned, not searched by index`);
  }
  if (dialect === "postgres") {
    const conditions = [
      `"search_fold"("p"."fullName") LIKE "search_fold"(:like) ${escape}`,
      `"search_fold"("p"."email") LIKE "search_fold"(:like) ${escape}`,
    ];
    const params: Record<string, string> = { like };
    if (digits) {
      conditions.push(`"p"."cpf" LIKE :digits`);
      params.digits = `%${digits}%`;
    }
    return { sql: `(${conditions.join(" OR ")})`, params };
  }
  const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const match = `{"fullName" "email"} : ${phrase(term)}${digits ? ` OR "cpf" : ${phrase(digits)}` : ""}`;
  return {
    sql: `"p"."id" IN (SELECT "personId" FROM "guardian_person_search" WHERE "guardian_person_search" MATCH :match)`,
    params: { match },
  };
}
