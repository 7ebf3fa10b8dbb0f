/**
 * A request body read with a size cap: `tooLarge()` is thrown as soon as the
 * declared length or the bytes read pass `max`, after `stop` has dealt with the
 * rest of the body (cancel it, or drain it first so the client reads the answer).
 */
export async function readBodyLimited(
  request: Request,
  max: number,
  tooLarge: () => Error,
  stop: (reader: ReadableStreamDefaultReader<Uint8Array>) => Promise<void>,
): Promise<Buffer<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > max) throw tooLarge();
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await stop(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
