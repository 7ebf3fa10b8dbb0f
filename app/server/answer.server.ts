/**
 * An HTTP answer as plain data: what a JSON API handler produces before it is
 * sent, by React Router (as a Fetch `Response`, `toResponse`) or by the API's
 * read lane (straight on Node's response, app/server/api-lane.server.ts). The two
 * surfaces of a list therefore send the same status, headers and bytes.
 */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The whole body; null for none. */
  body: string | Uint8Array | null;
  /**
   * A body read on demand instead (a long list): each call gives the next
   * chunk, null after the last. A failure after the first chunk leaves the
   * client a cut answer (invalid JSON), never a wrong one.
   */
  pull?: () => Promise<Uint8Array | null>;
}

export const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON answer that no browser or proxy keeps. */
export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": "no-store", ...headers },
    body: body === undefined ? null : JSON.stringify(body),
  };
}

/** The answer as a Fetch `Response` (React Router's surface); a pulled body becomes a pull-based stream. */
export function toResponse(answer: Answer): Response {
  const init = { status: answer.status, headers: new Headers(answer.headers) };
  const { pull } = answer;
  if (!pull) return new Response(answer.body as BodyInit | null, init);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const chunk = await pull();
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        } catch (error) {
          console.error(error);
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, init);
}
