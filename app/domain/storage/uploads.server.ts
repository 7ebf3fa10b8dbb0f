import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { Op } from "sequelize";
import { Upload } from "#db/models.ts";
import { env } from "~/platform/env.server";
import { assertAdmin, type Actor } from "../access/roles";
import { DomainError, ValidationError } from "../errors";
import { isUuid } from "../validation";
import { detectImageType, MAX_AVATAR_BYTES, OBJECT_PATH_RE, objectPath, SNIFF_BYTES } from "./image";
import { storage } from "./storage.server";

/**
 * The avatar upload flow of SPEC §7, served by the app itself:
 * 1. `POST /api/objects/upload` issues a signed, expiring, single-use URL;
 * 2. the file is `PUT` to it as the raw body (checked by its bytes, capped while streaming);
 * 3. `PUT /api/users/{id}/avatar` points the user at the stored object.
 * Without JavaScript the edit form posts the file as multipart and ends in the same storage.
 */

export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_PATH_PREFIX = "/api/objects/upload/";

export const UPLOAD_TOO_LARGE = "Arquivo muito grande: o limite é de 5 MB (5242880 bytes)";
export const UPLOAD_NOT_IMAGE = "Arquivo inválido: envie uma imagem PNG, JPEG, WebP ou GIF";
export const UPLOAD_EMPTY = "Arquivo vazio";
export const UPLOAD_LINK_INVALID = "Link de upload inválido";
export const UPLOAD_LINK_EXPIRED = "A solicitação de upload expirou. Solicite um novo link.";
export const UPLOAD_LINK_USED = "Este link de upload já foi utilizado. Solicite um novo link.";
export const AVATAR_URL_INVALID = "Avatar inválido: use uma imagem enviada pelo upload do sistema";

function sign(payload: string): string {
  return createHmac("sha256", env().SESSION_SECRET).update(`upload:${payload}`).digest("base64url");
}

function tokenFor(id: string, expiresAt: number): string {
  const payload = `${id}.${expiresAt}`;
  return `${payload}.${sign(payload)}`;
}

/** Checks signature and expiry (no database); returns the upload id. */
function verifyToken(token: string, { now = Date.now(), checkExpiry = true } = {}): string {
  const [id, exp, signature, ...rest] = token.split(".");
  if (rest.length || !isUuid(id) || !/^\d{1,15}$/.test(exp ?? "") || !signature) {
    throw new DomainError(403, UPLOAD_LINK_INVALID);
  }
  const expected = Buffer.from(sign(`${id}.${exp}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new DomainError(403, UPLOAD_LINK_INVALID);
  }
  if (checkExpiry && Number(exp) < now) throw new DomainError(410, UPLOAD_LINK_EXPIRED);
  return id;
}

/**
 * For the server's front door, before any byte of the body is read: throws
 * the route's own 403/410 when the upload URL's token is forged or expired
 * (no database).
 */
export function assertUploadToken(token: string, now = Date.now()): void {
  verifyToken(token, { now });
}

/** Step 1: a signed URL on this server, valid for 15 minutes and for one PUT. */
export async function issueUploadUrl(actor: Actor | null, now = Date.now()): Promise<{ uploadURL: string }> {
  const a = assertAdmin(actor);
  const id = randomUUID();
  const expiresAt = now + UPLOAD_URL_TTL_MS;
  await Upload.create({ id, issuedBy: a.id, expiresAt: new Date(expiresAt) });
  return { uploadURL: UPLOAD_PATH_PREFIX + tokenFor(id, expiresAt) };
}

/**
 * Reads the image from a byte stream: the type is decided by the first bytes,
 * the size is capped while reading (413 as soon as it is exceeded), and the
 * object is written to storage only as a whole.
 */
async function storeImage(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | null,
): Promise<{ objectId: string; contentType: string; size: number }> {
  if (declaredLength !== null && declaredLength > MAX_AVATAR_BYTES) throw new DomainError(413, UPLOAD_TOO_LARGE);
  if (!body) throw new DomainError(400, UPLOAD_EMPTY);
  const reader = body.getReader();
  const abort = () => drainThenCancel(reader);
  let total = 0;
  const head: Uint8Array[] = [];
  let headSize = 0;
  let finished = false;
  while (headSize < SNIFF_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      finished = true;
      break;
    }
    head.push(value);
    headSize += value.byteLength;
    total += value.byteLength;
    if (total > MAX_AVATAR_BYTES) {
      await abort();
      throw new DomainError(413, UPLOAD_TOO_LARGE);
    }
  }
  if (total === 0) throw new DomainError(400, UPLOAD_EMPTY);
  const first = Buffer.concat(head);
  const contentType = detectImageType(first);
  if (!contentType) {
    await abort();
    throw new DomainError(415, UPLOAD_NOT_IMAGE);
  }

  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield first;
    if (finished) return;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > MAX_AVATAR_BYTES) {
        await abort();
        throw new DomainError(413, UPLOAD_TOO_LARGE);
      }
      yield value;
    }
  }

  const objectId = randomUUID();
  const info = await storage().put(objectId, contentType, chunks());
  return { objectId, contentType, size: info.size };
}

/**
 * After refusing a body: stop reading it. The server's front door discards
 * what the client still sends (so an ordinary client that sends its whole
 * file before reading the answer gets the 413/415, not a reset) and closes the
 * connection once the answer is out (app/server/front-door.server.ts).
 */
export async function drainThenCancel(reader: ReadableStreamDefaultReader<Uint8Array>) {
  await reader.cancel().catch(() => {});
}

/** Step 2: the PUT of the raw file to a signed URL. The URL itself is the permission. */
export async function receiveUpload(
  token: string,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | null,
): Promise<{ objectPath: string }> {
  const id = verifyToken(token);
  if (declaredLength !== null && declaredLength > MAX_AVATAR_BYTES) throw new DomainError(413, UPLOAD_TOO_LARGE);
  // Claimed before reading the body: of two concurrent PUTs only one gets the row.
  const [claimed] = await Upload.update({ usedAt: new Date() }, { where: { id, usedAt: null } });
  if (claimed !== 1) {
    const exists = await Upload.findByPk(id, { attributes: ["id"] });
    throw new DomainError(exists ? 409 : 403, exists ? UPLOAD_LINK_USED : UPLOAD_LINK_INVALID);
  }
  let stored: Awaited<ReturnType<typeof storeImage>>;
  try {
    stored = await storeImage(body, declaredLength);
  } catch (error) {
    // A refused file (too large, not an image, empty, a broken connection)
    // does not use up the link: it stays usable until a valid file arrives or it expires.
    await Upload.update({ usedAt: null }, { where: { id, completedAt: null } });
    throw error;
  }
  await Upload.update(
    { objectId: stored.objectId, contentType: stored.contentType, size: stored.size, completedAt: new Date() },
    { where: { id } },
  );
  return { objectPath: objectPath(stored.objectId) };
}

/** A file received whole (e.g. posted with a form): its bytes, the type the sender declared, its size. */
export interface PostedFile {
  bytes: Uint8Array;
  contentType: string;
  size: number;
}

/** The no-JavaScript path: a file posted with the edit form, checked (by its bytes, not its declared type) and stored the same way. */
export async function storeUploadedFile(actor: Actor | null, file: PostedFile): Promise<{ objectPath: string }> {
  const a = assertAdmin(actor);
  const bytes = file.bytes;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const stored = await storeImage(body, file.size);
  const now = new Date();
  await Upload.create({
    id: randomUUID(),
    issuedBy: a.id,
    expiresAt: now,
    usedAt: now,
    objectId: stored.objectId,
    contentType: stored.contentType,
    size: stored.size,
    completedAt: now,
  });
  return { objectPath: objectPath(stored.objectId) };
}

/** Removes a file `storeUploadedFile` just stored, when the command it was stored for failed (no user points at it). */
export async function discardUploadedFile(path: string): Promise<void> {
  const match = OBJECT_PATH_RE.exec(path);
  if (!match) return;
  const objectId = match[1].toLowerCase();
  await Upload.destroy({ where: { objectId } });
  await storage().delete(objectId);
}

const UPLOAD_URL_RE = /^\/api\/objects\/upload\/([^/?#]+)$/;

/**
 * The path part of an avatar URL: a path is taken as is; an absolute http(s)
 * URL only when it points at this server, i.e. its origin is the request's own
 * (`origin`, as the server sees it: behind a proxy that needs TRUST_PROXY), with
 * no query, fragment or credentials. Anything else is null.
 */
function localPath(value: string, origin: string | undefined): string | null {
  if (value.startsWith("/")) return value.startsWith("//") ? null : value;
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.origin !== origin || url.username || url.password || url.search || url.hash) return null;
  return url.pathname;
}

/**
 * An avatar URL must name an object this server stored, so a user cannot be
 * pointed at a foreign or made-up address. Two forms name one (SPEC §7):
 * - the object's path `/uploads/<id>` (what the upload PUT answers);
 * - the `uploadURL` this server issued (`/api/objects/upload/<token>`, what the
 *   §7 client has when it does not read the PUT's answer), once its upload completed.
 * Either may be absolute when its origin is the request's own (`origin`).
 * Returns the object's path, which is what gets stored and served.
 */
export async function assertIssuedObjectPath(value: string, field = "avatarUrl", origin?: string): Promise<string> {
  const invalid = () => new ValidationError({ [field]: [AVATAR_URL_INVALID] });
  const pathname = localPath(value, origin);
  if (!pathname) throw invalid();
  const objectMatch = OBJECT_PATH_RE.exec(pathname);
  if (objectMatch) {
    const upload = await Upload.findOne({
      where: { objectId: objectMatch[1].toLowerCase(), completedAt: { [Op.ne]: null } },
      attributes: ["id"],
    });
    if (upload) return objectPath(objectMatch[1].toLowerCase());
    throw invalid();
  }
  const uploadMatch = UPLOAD_URL_RE.exec(pathname);
  if (uploadMatch) {
    let id: string;
    try {
      // The signature proves this server issued it; its expiry only limits the PUT.
      id = verifyToken(uploadMatch[1], { checkExpiry: false });
    } catch {
      throw invalid();
    }
    const upload = await Upload.findOne({
      where: { id, completedAt: { [Op.ne]: null }, objectId: { [Op.ne]: null } },
      attributes: ["objectId"],
    });
    if (upload?.objectId) return objectPath(upload.objectId);
  }
  throw invalid();
}

/**
 * Deletes what nothing points at and nobody can still use, for a periodic
 * job: upload records created before `olderThan` whose object `inUse` does not
 * keep (the users' avatars, users/avatars.server.ts: completed but never used,
 * or replaced by another avatar; links never sent or refused, once expired),
 * with their bytes; then stored objects written before `olderThan` that no
 * upload record names (left by a crash mid-upload). `olderThan` must leave
 * time to finish an upload and save the form: one day ago is a good value.
 * `now` is for tests. Returns how many records and objects were deleted.
 */
export async function deleteUnusedUploads(
  olderThan: Date,
  inUse: (paths: string[]) => Promise<Set<string>>,
  now = new Date(),
): Promise<{ uploads: number; objects: number }> {
  const store = storage();
  let uploads = 0;
  let objects = 0;
  const candidates = await Upload.findAll({
    // A completed upload's link is used up; any other link only once it has expired.
    where: {
      createdAt: { [Op.lt]: olderThan },
      [Op.or]: [{ completedAt: { [Op.ne]: null } }, { expiresAt: { [Op.lt]: now } }],
    },
    attributes: ["id", "objectId"],
    order: [["createdAt", "ASC"]],
    raw: true,
  });
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500);
    const paths = batch.filter((u) => u.objectId).map((u) => objectPath(u.objectId!));
    const used = await inUse(paths);
    for (const upload of batch) {
      if (upload.objectId && used.has(objectPath(upload.objectId))) continue;
      // The record goes first: from then on the object can no longer become an avatar.
      uploads += await Upload.destroy({ where: { id: upload.id } });
      if (upload.objectId) {
        await store.delete(upload.objectId);
        objects += 1;
      }
    }
  }
  const stale = await store.idsOlderThan(olderThan);
  for (let i = 0; i < stale.length; i += 500) {
    const batch = stale.slice(i, i + 500);
    const known = new Set(
      (await Upload.findAll({ where: { objectId: { [Op.in]: batch } }, attributes: ["objectId"], raw: true })).map((u) => u.objectId),
    );
    for (const id of batch) {
      if (known.has(id)) continue;
      await store.delete(id);
      objects += 1;
    }
  }
  return { uploads, objects };
}

/** Uploads kept this long after their URL expired or their file arrived, for the avatar to be set. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
