import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { FragmentCacheContext } from "./components/server-cached";
import { fragmentCache } from "./server/fragment-cache.server";
import { cspNonceContext } from "./server/request-context.server";

/**
 * React Router's document renderer. The HTTP server around it (static files,
 * headers, the front door, the API's read lane, the process) is server/app.ts
 * and server.mjs.
 */

export const streamTimeout = 5_000;

/**
 * Pages and their data hold personal data (names, CPFs, phones): no browser or
 * proxy may keep a copy, so nothing is left on a shared computer after "Sair".
 * Static `/assets` are served before the app and keep their long cache.
 */
const NO_STORE = "no-store";

/** Marks an answer no-store (copying immutable headers, e.g. of a Response.redirect). */
function noStore(response: Response): Response {
  try {
    response.headers.set("Cache-Control", NO_STORE);
    return response;
  } catch {
    // Immutable headers (a Response.redirect): copy them.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", NO_STORE);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** `.data` answers (client-side navigations and form posts): no-store. */
export const handleDataRequest: HandleDataRequestFunction = (response) => noStore(response);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext) || undefined;
  responseHeaders.set("Cache-Control", NO_STORE);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Every loader is awaited before rendering (no deferred data), so nothing is
  // gained by streaming the document: it is rendered whole and sent as one body
  // with its Content-Length. React writes ~2 kB chunks; passing each through the
  // web-stream adapter and the compression middleware (which flushes per chunk)
  // cost more CPU than the rendering, and compressed worse.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(html.byteLength));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <FragmentCacheContext.Provider value={fragmentCache}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </FragmentCacheContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
