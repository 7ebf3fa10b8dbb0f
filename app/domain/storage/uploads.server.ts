import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { Op } from "sequelize";
import { Upload } from "#db/models.ts";
import { db, selectRows, sqlTimestamp } from "~/db.server";
import { env } from "~/env.server";
import { assertCanManage, type Actor } from "../actor";
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
function verifyToken(token: string, now = Date.now()): string {
  const [id, exp, signature, ...rest] = token.split(".");
  if (rest.length || !isUuid(id) || !/^\d{1,15}$/.test(exp ?? "") || !signature) {
    throw new DomainError(403, UPLOAD_LINK_INVALID);
  }
  const expected = Buffer.from(sign(`${id}.${exp}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new DomainError(403, UPLOAD_LINK_INVALID);
  }
  if (Number(exp) < now) throw new DomainError(410, UPLOAD_LINK_EXPIRED);
  return id;
}

/** Step 1: a signed URL on this server, valid for 15 minutes and for one PUT. */
export async function issueUploadUrl(actor: Actor | null, now = Date.now()): Promise<{ uploadURL: string }> {
  const a = assertCanManage(actor);
  await db();
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
 * After refusing a body, read (and drop) a bounded amount of what is still
 * coming, so that an ordinary client that sends its whole file before reading
 * the answer gets the 413/415 instead of a reset connection; a body far beyond
 * that is cut off.
 */
export async function drainThenCancel(reader: ReadableStreamDefaultReader<Uint8Array>, limit = 2 * MAX_AVATAR_BYTES) {
  let drained = 0;
  try {
    while (drained <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
    }
  } catch {
    return;
  }
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
  await db();
  // Claimed before reading the body: of two concurrent PUTs only one gets the row.
  const [claimed] = await Upload.update({ usedAt: new Date() }, { where: { id, usedAt: null } });
  if (claimed !== 1) {
    const exists = await Upload.findByPk(id, { attributes: ["id"] });
    throw new DomainError(exists ? 409 : 403, exists ? UPLOAD_LINK_USED : UPLOAD_LINK_INVALID);
  }
  const stored = await storeImage(body, declaredLength);
  await Upload.update(
    { objectId: stored.objectId, contentType: stored.contentType, size: stored.size, completedAt: new Date() },
    { where: { id } },
  );
  return { objectPath: objectPath(stored.objectId) };
}

/** The no-JavaScript path: a file posted with the edit form, checked and stored the same way. */
export async function storeUploadedFile(actor: Actor | null, file: File): Promise<{ objectPath: string }> {
  const a = assertCanManage(actor);
  const stored = await storeImage(file.stream(), file.size);
  await db();
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

/**
 * An avatar URL must name an object this server stored (`/uploads/<id>`), so a
 * user cannot be pointed at a foreign or made-up address.
 */
export async function assertIssuedObjectPath(value: string, field = "avatarUrl"): Promise<string> {
  const match = OBJECT_PATH_RE.exec(value);
  if (match) {
    await db();
    const upload = await Upload.findOne({
      where: { objectId: match[1].toLowerCase(), completedAt: { [Op.ne]: null } },
      attributes: ["id"],
    });
    if (upload) return objectPath(match[1].toLowerCase());
  }
  throw new ValidationError({ [field]: [AVATAR_URL_INVALID] });
}

/** For the file route: the stored object, or null. */
export async function openObject(id: string) {
  if (!isUuid(id)) return null;
  return storage().get(id.toLowerCase());
}

/** Uploads kept this long after their URL expired or their file arrived, for the avatar to be set. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

const UNUSED_UPLOADS = `
  SELECT "up"."id", "up"."objectId" FROM "uploads" AS "up"
  WHERE "up"."expiresAt" < :cutoff AND ("up"."completedAt" IS NULL OR "up"."completedAt" < :cutoff2)
    AND NOT EXISTS (SELECT 1 FROM "users" AS "u" WHERE "u"."avatarUrl" = '/uploads/' || "up"."objectId")
  LIMIT 500`;

/**
 * Housekeeping: upload records never used — a URL never PUT to (or whose PUT
 * failed), or a stored file that is no user's avatar — a day after their URL
 * expired and their file arrived, with their stored files.
 */
export async function cleanupUploads(now = new Date()): Promise<void> {
  const cutoff = sqlTimestamp(new Date(now.getTime() - UPLOAD_GRACE_MS));
  for (;;) {
    const rows = await selectRows<{ id: string; objectId: string | null }>(UNUSED_UPLOADS, { cutoff, cutoff2: cutoff });
    for (const row of rows) {
      if (row.objectId) await storage().delete(row.objectId);
      await Upload.destroy({ where: { id: row.id } });
    }
    if (rows.length < 500) return;
  }
}
