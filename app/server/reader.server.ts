import { hasReplica, keepReader, withReader, type Reader } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import type { Answer } from "./answer.server";
import { readerContext, type RequestContext } from "./request-context.server";

/**
 * The read replica from the HTTP side (ADR 019). The domain does not know
 * about it: its reads go through the read door (`selectRows`, `tableVersions`
 * of app/platform/db.server.ts), which asks the reader of the current scope.
 * The adapters of the reads that may lag a little behind the last writes (the
 * reports, screens and JSON; every CSV export; the audit list, screen and JSON)
 * run them in `fromReplica` / `answerFromReplica`; every other read, and every
 * read of a user who wrote in the last DATABASE_REPLICA_AFTER_WRITE_SECONDS,
 * reads from the primary.
 *
 * Read-your-writes: a signed-in user's write (any method but GET and HEAD)
 * answers with a short-lived cookie (`recent_write`, Max-Age = that window);
 * while the browser sends it back, every read of its requests goes to the
 * primary, on whichever process or app server the request lands.
 */
export const RECENT_WRITE_COOKIE = "recent_write";
const RECENT_WRITE_RE = new RegExp(`(?:^|;\\s*)${RECENT_WRITE_COOKIE}=`);

/** The reader of a request with this Cookie header: the replica, unless none is configured or the user wrote a moment ago. */
export function replicaReader(cookieHeader: string | undefined): Reader {
  if (!hasReplica()) return "primary";
  return cookieHeader && RECENT_WRITE_RE.test(cookieHeader) ? "primary" : "replica";
}

/** Runs a read that may come from the replica (this request's reader). */
export function fromReplica<T>(context: RequestContext, read: () => Promise<T>): Promise<T> {
  return withReader(context.get(readerContext), read);
}

/** An answer read from the replica (this request's reader), its streamed body too (each batch pulled later reads there). */
export function answerFromReplica(context: RequestContext, make: () => Promise<Answer>): Promise<Answer> {
  return fromReplica(context, async () => {
    const answer = await make();
    return answer.pull ? { ...answer, pull: keepReader(answer.pull) } : answer;
  });
}

/** The Set-Cookie of a write's answer (null without a replica): this user's reads go to the primary for the window. */
export function recentWriteCookie(secure: boolean): string | null {
  if (!hasReplica()) return null;
  const seconds = env().DATABASE_REPLICA_AFTER_WRITE_SECONDS;
  return `${RECENT_WRITE_COOKIE}=1; Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
