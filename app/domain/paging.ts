/** The paging rules of the JSON API's lists (shared by the services, the API and the OpenAPI document). */
export const MAX_LIMIT = 500;
/** The page size when a request sends a `cursor` without `limit`. */
export const DEFAULT_LIMIT = 100;
/** Rows per read when a whole list is streamed. */
export const BATCH_SIZE = 500;

export const CURSOR_INVALID = "Cursor inválido";
export const LIMIT_INVALID = `Limite inválido (use um número inteiro de 1 a ${MAX_LIMIT})`;
export const PAGING_STYLES_MIXED = "Use `page` ou `limit`/`cursor`, não os dois";
