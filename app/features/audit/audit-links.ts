/**
 * The audit screen's filters as they travel in its URL
 * (`/audit?entity=&entityId=&userId=&from=&to=&signIns=show&page=`); the sign-ins
 * (entries and exits) show only with `signIns=show` ('Mostrar acessos').
 */
export interface AuditFilterValues {
  entity: string;
  entityId: string;
  userId: string;
  from: string;
  to: string;
  signIns: string;
}

const KEYS = ["entity", "entityId", "userId", "from", "to", "signIns"] as const;

/** The filters of a request's query string (blank when absent; each cut to a sane length). */
export function auditFilterValues(params: URLSearchParams): AuditFilterValues {
  const values = {} as AuditFilterValues;
  for (const key of KEYS) values[key] = (params.get(key) ?? "").trim().slice(0, 100);
  return values;
}

/** '/audit' with these filters (and a page): a record's 'Ver alterações' link, the list's pages. */
export function auditHref(filter: Partial<AuditFilterValues>, page = 1): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filter[key]) params.set(key, filter[key] as string);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/audit${search ? `?${search}` : ""}`;
}
