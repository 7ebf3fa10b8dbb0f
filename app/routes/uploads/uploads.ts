import type { Route } from "./+types/uploads";
import { openObject } from "~/domain/users/avatars.server";
import { actorOf, requireApiUser } from "~/server/session.server";
import { errorResponse } from "~/server/api.server";

/**
 * GET /uploads/{id}: a stored image, for signed-in users (avatars are personal
 * data); a Client gets only its own avatar (another's is a 404, family/scope.ts). The type is the one detected from the bytes at upload, never guessed
 * again by the browser (`X-Content-Type-Options: nosniff` is set on every
 * answer by security.server.ts); object ids are never reused, so it can be cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  let user;
  try {
    user = await requireApiUser(context);
  } catch (error) {
    return errorResponse(error);
  }
  const object = await openObject(actorOf(user), params.id);
  if (!object) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
    },
  });
}
