import { DomainError } from "~/domain/errors";
import { readBodyLimited } from "./body.server";
import { MAX_AVATAR_BYTES } from "~/domain/storage/image";
import { drainThenCancel, UPLOAD_TOO_LARGE } from "~/domain/storage/uploads.server";
import type { PostedFile } from "~/domain/storage/uploads.server";

/** Room for the form's text fields and the multipart boundaries around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * `request.formData()` with a size cap: a form that carries an avatar may not be
 * larger than the avatar limit plus its text fields. The body is refused (413)
 * while it is being read, before anything is parsed or stored.
 */
export async function readFormDataLimited(request: Request, max = MAX_AVATAR_BYTES + FORM_OVERHEAD_BYTES): Promise<FormData> {
  const body = await readBodyLimited(request, max, () => new DomainError(413, UPLOAD_TOO_LARGE), drainThenCancel);
  if (!body) return new FormData();
  const copy = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
    body,
  });
  try {
    return await copy.formData();
  } catch {
    // A malformed multipart body is the sender's fault, not a server error.
    throw new DomainError(400, "Formulário inválido");
  }
}

/** A file field of a posted form as plain data for a command; null when no file was chosen (an empty file input). */
export async function postedFile(form: FormData, name: string): Promise<PostedFile | null> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return null;
  return { bytes: new Uint8Array(await file.arrayBuffer()), contentType: file.type, size: file.size };
}
