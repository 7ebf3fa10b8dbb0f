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

export const MB = 1024 * 1024;
/** Forms and JSON. */
export const BODY_LIMIT = MB;
/** The sign-in and registration form (`/auth`): anyone may post it. */
export const AUTH_FORM_LIMIT = 64 * 1024;
/** The bank's Pix webhook (a few hundred bytes a Pix; the standard lets the bank group them). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** The avatar: 5 MB of image plus room for the form fields and multipart boundaries. */
export const AVATAR_BODY_LIMIT = 5 * MB + 64 * 1024;
/** "Corpo da requisição muito grande: o limite é de 1 MB (1048576 bytes)", for any cap. */
export function bodyTooLargeMessage(limit: number): string {
  const size = limit % MB === 0 ? `${limit / MB} MB` : limit % 1024 === 0 ? `${limit / 1024} KB` : `${limit} bytes`;
  return `Corpo da requisição muito grande: o limite é de ${size} (${limit} bytes)`;
}
