import type { UserDTO } from "~/domain/users/schema";
import type { Actor } from "~/domain/access/roles";
import { DomainError, UnauthorizedError } from "~/domain/errors";
import type { RequestContext } from "~/server/request-context.server";
import { actorOf, getUser } from "~/server/session.server";
import type { ListSource } from "~/domain/list.server";
import { JSON_TYPE, jsonAnswer, toResponse, type Answer } from "./answer.server";
import { listAnswer, type ListFormat } from "./list-response.server";
import { csvAnswer, type CsvColumn } from "./csv.server";
import { BATCH_SIZE, type ListBatch } from "~/domain/list.server";
import type { KeyValue } from "#db/keyset.ts";
import { readBodyLimited } from "./body.server";
import { answerFromReplica } from "./reader.server";
import { BODY_LIMIT, bodyTooLargeMessage } from "./body.server";

/**
 * Adapter for the JSON API (SPEC §7): cookie auth, JSON bodies only, JSON errors
 * `{ message, errors? }` with the right status. Services do the work.
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", JSON_TYPE);
  h.set("Cache-Control", "no-store");
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: h });
}

/** A failure as a JSON answer: a domain or HTTP error's status and message, 500 (logged) for anything else. */
export function errorAnswer(error: unknown): Answer {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if ("retryAfterSeconds" in error) headers["Retry-After"] = String(error.retryAfterSeconds);
    return jsonAnswer(error.errors ? { message: error.message, errors: error.errors } : { message: error.message }, error.status, headers);
  }
  if (error instanceof HttpError) {
    return jsonAnswer({ message: error.message }, error.status, Object.fromEntries(new Headers(error.headers)));
  }
  console.error(error);
  return jsonAnswer({ message: "Erro interno do servidor" }, 500);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  return toResponse(errorAnswer(error));
}

/**
 * Resource routes get no built-in CSRF check: refuse requests that a browser
 * marks as cross-site, and any foreign Origin.
 */
export function assertSameOrigin(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") {
    throw new HttpError(403, "Requisição de outra origem recusada");
  }
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const url = new URL(request.url);
    const forwardedHost = request.headers.get("X-Forwarded-Host");
    const host = forwardedHost ?? request.headers.get("Host") ?? url.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new HttpError(403, "Requisição de outra origem recusada");
    }
    if (originHost !== host) throw new HttpError(403, "Requisição de outra origem recusada");
  } else if (origin === "null") {
    throw new HttpError(403, "Requisição de outra origem recusada");
  }
}

/** Reads at most `max` bytes of a body (by default the server's cap for forms and JSON); larger bodies are refused while streaming (413). */
export async function readTextLimited(request: Request, max = BODY_LIMIT): Promise<string> {
  const bytes = await readBodyLimited(
    request,
    max,
    () => new HttpError(413, bodyTooLargeMessage(max)),
    (reader) => reader.cancel().catch(() => {}),
  );
  return bytes ? bytes.toString("utf8") : "";
}

export const JSON_OBJECT_REQUIRED = "O corpo da requisição deve ser um objeto JSON";

/**
 * Reads a JSON body: empty means `{}`, 415 when it is not JSON, 400 when it is
 * malformed or not an object (every endpoint takes an object: an array, a
 * string, a number or null is refused here, in Portuguese, for all of them),
 * 413 when huge.
 */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const text = await readTextLimited(request);
  if (!text.trim() && type !== "application/json") return {};
  if (type !== "application/json") {
    throw new HttpError(415, "O corpo da requisição deve ser JSON (Content-Type: application/json)");
  }
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, "JSON inválido");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new HttpError(400, JSON_OBJECT_REQUIRED);
  return parsed as Record<string, unknown>;
}

export interface ApiContext {
  user: UserDTO;
  actor: Actor;
  body: unknown;
}

type Handler = (ctx: ApiContext) => Promise<unknown>;

/**
 * Runs an API handler: same-origin check, JSON body, authentication (the
 * request's session, read once per request through the context; a renewal due
 * is added on the way out by the root middleware), then maps the result to
 * JSON (or passes a Response through) and domain errors to 4xx.
 */
export async function api(
  { request, context }: { request: Request; context: RequestContext },
  handler: Handler,
  options: { status?: number; auth?: boolean } = {},
): Promise<Response> {
  try {
    assertSameOrigin(request);
    const needsBody = !["GET", "HEAD", "DELETE"].includes(request.method);
    const body = needsBody ? await readJson(request) : undefined;
    const user = options.auth === false ? null : await getUser(context);
    if (options.auth !== false && !user) throw new UnauthorizedError();
    const result = await handler({ user: user as UserDTO, actor: user ? actorOf(user) : (null as never), body });
    if (result instanceof Response) return noStore(result);
    if (result === undefined) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    return json(result, options.status ?? 200);
  } catch (error) {
    return noStore(errorResponse(error));
  }
}

/** API answers are never kept by a browser or a proxy (a route may set its own Cache-Control). */
function noStore(response: Response): Response {
  if (response.headers.has("Cache-Control")) return response;
  try {
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Dispatches a resource route's action by method; others get 405. */
export async function byMethod(
  request: Request,
  handlers: Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", () => Promise<Response>>>,
): Promise<Response> {
  const handler = handlers[request.method as keyof typeof handlers];
  if (!handler) {
    return json({ message: "Método não permitido" }, 405, { Allow: Object.keys(handlers).join(", ") });
  }
  return handler();
}

/** What a route module's handler gets: `api()`'s context plus the route's path parameters and the request. */
export interface RouteApiContext extends ApiContext {
  /** The route's path parameters (`:id`…), which React Router always sets for the route that matched. */
  params: Record<string, string>;
  request: Request;
  context: RequestContext;
}

type RouteHandler = (ctx: RouteApiContext) => Promise<unknown>;
type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: RequestContext };
type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** A write answered 201 Created: `apiWrites({ POST: created(({ actor, body }) => createCourse(actor, body)) })`. */
export function created(handler: RouteHandler) {
  return { handler, status: 201 };
}

function runRoute({ request, params, context }: RouteArgs, handler: RouteHandler, status?: number) {
  const path = params as Record<string, string>;
  return api({ request, context }, (ctx) => handler({ ...ctx, params: path, request, context }), { status });
}

/** A JSON GET of one thing: `export const loader = apiRead(({ actor, params }) => getCourse(actor, params.id))`. */
export function apiRead(handler: RouteHandler) {
  return (args: RouteArgs) => runRoute(args, handler);
}

/**
 * A route's JSON writes by method (405 for the others, as `byMethod`):
 * `export const action = apiWrites({ PATCH: ({ actor, params, body }) => …, DELETE: … })`.
 */
export function apiWrites(handlers: Partial<Record<WriteMethod, RouteHandler | ReturnType<typeof created>>>) {
  return (args: RouteArgs) =>
    byMethod(
      args.request,
      Object.fromEntries(
        Object.entries(handlers).map(([method, entry]) => [
          method,
          () => (typeof entry === "function" ? runRoute(args, entry) : runRoute(args, entry.handler, entry.status)),
        ]),
      ),
    );
}

/**
 * A record route's writes: `PATCH` updates the record of the URL's `:id` with the body, `DELETE` deletes it
 * (204), each through its service call: `export const action = apiRecordWrites({ update: updateCourse, remove: deleteCourse })`.
 */
export function apiRecordWrites({
  update,
  remove,
}: {
  update: (actor: Actor, id: string, body: unknown) => Promise<unknown>;
  remove: (actor: Actor, id: string) => Promise<unknown>;
}) {
  return apiWrites({
    PATCH: ({ actor, params, body }) => update(actor, params.id, body),
    DELETE: ({ actor, params }) => remove(actor, params.id),
  });
}

/** What a list endpoint's read gets: the signed-in actor, the route's params and the query string. */
export interface ListRequest {
  actor: Actor;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * A JSON API read (`GET`) declared once for both ways in: a route module's
 * `export const loader = apiList(read)`. `read` returns a list (a
 * `ListSource`, answered by `listAnswer`: whole, streamed, or one page) or a
 * finished answer (`jsonAnswer`, e.g. a page by number with its total).
 * React Router calls it as the route's loader; the API's read lane
 * (app/server/api-lane.server.ts) answers a GET of the route with its `answer`,
 * straight on Node's response, after running the same root middleware. Same
 * session (from the context), same rules, same bytes.
 */
export interface ApiListLoader {
  (args: { request: Request; params: Record<string, string | undefined>; context: RequestContext }): Promise<Response>;
  answer(request: { url: URL; params: Record<string, string | undefined>; context: RequestContext }): Promise<Answer>;
}

/**
 * A list's CSV file (`?format=csv`, the screens' 'Exportar CSV'): the same
 * filters, the whole list (paging parameters ignored), read batch after batch
 * as the client takes the file. `rows` turns a batch of items into the file's
 * rows (e.g. names looked up for the batch's ids).
 */
export interface ListCsv<Item, Row = Item> {
  filename: string;
  columns: readonly CsvColumn<Row>[];
  rows?: (items: Item[]) => Promise<Row[]> | Row[];
}

/** The whole list, batch after batch (one keyset read per batch, only when the previous one is taken). */
export async function* listRows<Item, Row>(
  source: ListSource<Item>,
  toRows: (items: Item[]) => Promise<Row[]> | Row[],
): AsyncGenerator<Row> {
  let after: KeyValue[] | null = null;
  for (;;) {
    const batch: ListBatch<Item> = await source.read(after, BATCH_SIZE);
    yield* await toRows(batch.items);
    if (!batch.next) return;
    after = batch.next;
  }
}

/** The CSV answer of a list source. */
export function listCsvAnswer<Item, Row>(source: ListSource<Item>, csv: ListCsv<Item, Row>): Answer {
  const toRows = csv.rows ?? ((items: Item[]) => items as unknown as Row[]);
  return csvAnswer(csv.filename, csv.columns, listRows(source, toRows));
}

export function apiList<Item, Row = Item>(
  read: (request: ListRequest) => Promise<ListSource<Item> | Answer> | ListSource<Item> | Answer,
  format: ListFormat<Item> & {
    csv?: ListCsv<Item, Row>;
    /** The JSON list reads from the read replica too (the audit list); a CSV export always does (ADR 019). */
    replica?: boolean;
  } = {},
): ApiListLoader {
  const answer: ApiListLoader["answer"] = async ({ url, params, context }) => {
    try {
      const user = await getUser(context);
      if (!user) throw new UnauthorizedError();
      const csv = url.searchParams.get("format") === "csv";
      const respond = async (): Promise<Answer> => {
        if (format.csv && csv) {
          // The whole filtered list: a page by number or by cursor is a screen's, not a file's.
          const search = new URLSearchParams(url.searchParams);
          for (const name of ["format", "page", "limit", "cursor"]) search.delete(name);
          const result = await read({ actor: actorOf(user), params, search });
          if ("read" in result) return listCsvAnswer(result, format.csv);
          return result;
        }
        const result = await read({ actor: actorOf(user), params, search: url.searchParams });
        return "read" in result ? await listAnswer(url.pathname, url.searchParams, result, format) : result;
      };
      return await (csv || format.replica ? answerFromReplica(context, respond) : respond());
    } catch (error) {
      return errorAnswer(error);
    }
  };
  const loader = async ({ request, params, context }: Parameters<ApiListLoader>[0]) =>
    toResponse(await answer({ url: new URL(request.url), params, context }));
  return Object.assign(loader, { answer });
}
