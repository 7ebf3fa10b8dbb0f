/**
 * Image checks shared by the server and the browser. The server decides by the
 * file's first bytes (magic numbers), never by its name or declared type: an
 * SVG or HTML file renamed to .png is still refused.
 */

/** SPEC §5/§9: avatars up to 5 MB. */
export const MAX_AVATAR_BYTES = 5_242_880;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Bytes needed to recognise every accepted format (WebP needs 12). */
export const SNIFF_BYTES = 12;

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes really are, or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** The browser's quick check before uploading (§8 'Arquivo inválido ou muito grande.'). */
export function isAcceptableImageFile(file: { type: string; size: number }): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= MAX_AVATAR_BYTES;
}

/** The path under which a stored object is served. */
export function objectPath(objectId: string): string {
  return `/uploads/${objectId}`;
}

export const OBJECT_PATH_RE = /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
