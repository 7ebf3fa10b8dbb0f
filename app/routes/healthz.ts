import type { Route } from "./+types/healthz";
import { clientIp } from "~/server/auth.server";
import { pingDb } from "~/platform/db.server";

/**
 * Liveness + database check for load balancers and the test harness. It also
 * says what the server sees of the caller: behind a reverse proxy the client
 * address and scheme must be the browser's (TRUST_PROXY), not the proxy's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await pingDb();
  const url = new URL(request.url);
  const body = `ok\ncliente: ${clientIp(context)}\nesquema: ${url.protocol.replace(":", "")}\nhost: ${url.host}\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
