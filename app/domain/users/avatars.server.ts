import type { Actor } from "../access/roles";
import { objectPath } from "../storage/image";
import { storage } from "../storage/storage.server";
import { deleteUnusedUploads, UPLOAD_GRACE_MS } from "../storage/uploads.server";
import { isUuid } from "../validation";
import { avatarPathsInUse, avatarVisibleTo } from "./queries.server";

/**
 * The stored files are the users' avatars: what the storage keeps and who may
 * see a file are the users' questions, asked here so the storage module
 * (app/domain/storage/) knows nothing of users.
 */

/**
 * For the file route: the stored object, or null (none, or not the actor's to
 * see: a Client sees its own avatar only, `avatarVisibleTo`).
 */
export async function openObject(actor: Actor | null, id: string) {
  if (!isUuid(id)) return null;
  const objectId = id.toLowerCase();
  if (!(await avatarVisibleTo(actor, objectPath(objectId)))) return null;
  return storage().get(objectId);
}

/**
 * Deletes the uploads and stored objects created before `olderThan` that no
 * user's avatar points at and nobody can still use (`deleteUnusedUploads`).
 */
export function cleanupUnusedUploads(olderThan: Date, now = new Date()): Promise<{ uploads: number; objects: number }> {
  return deleteUnusedUploads(olderThan, avatarPathsInUse, now);
}

/**
 * Housekeeping: upload records never used (a URL never PUT to, or a stored file
 * that is no user's avatar) a day after they were issued, with their files.
 */
export async function cleanupUploads(now = new Date()): Promise<void> {
  await cleanupUnusedUploads(new Date(now.getTime() - UPLOAD_GRACE_MS), now);
}
