import { randomBytes } from 'node:crypto';

// ARCHITECTURE §8b, spec §5: an upload must be an image, judged by its bytes (magic numbers), not
// by the name or the type the browser declared: JPEG, PNG, WebP or GIF.

export type ImageKind = 'jpg' | 'png' | 'webp' | 'gif';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image kind the bytes are, or null when they are none of the four. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** A new image's file name: random (unguessable, never reused) with the extension of its kind. */
export function newImageFileName(kind: ImageKind): string {
  return `${randomBytes(16).toString('hex')}.${kind}`;
}

/** The file name of a stored image path (`/character-images/<file>`), or null for anything else. */
export function uploadedFileName(profileUrl: string): string | null {
  const match = /^\/(?:uploads\/)?character-images\/([a-f0-9]{24,64}\.(?:jpg|png|webp|gif))$/.exec(profileUrl);
  return match?.[1] ?? null;
}
