// A picture as the wizard uploads it. A phone's camera photo is 3–5 MB and 12 megapixels; a card
// never draws it wider than 1080 px (contracts IMAGE_WIDTHS), and a phone on a slow network takes
// half a minute to send it. So the browser sends it at most MAX_SIDE px on its longer side: drawn
// upright (the photo's EXIF orientation applied, which the server would otherwise have to do) and
// encoded as WebP. The spec's checks (an image, at most 5 MB) are made on the file the member chose,
// before this (ImagePicker); the server checks what arrives again.

/** The longer side an uploaded picture keeps, px: the widest variant (1080) with room for a crop. */
export const MAX_SIDE = 2048;
/** A file this small and no larger than MAX_SIDE is sent as it is. */
const SMALL_BYTES = 512 * 1024;
const WEBP_QUALITY = 0.88;

export interface Picture {
  blob: Blob;
  name: string;
}

/**
 * What to upload for the chosen file: the file itself when it is small, animated (a GIF), or when
 * this browser cannot decode or draw it; else the picture drawn at most MAX_SIDE px and encoded as
 * WebP, when that is smaller.
 */
export async function pictureForUpload(file: File): Promise<Picture> {
  const asChosen = { blob: file, name: file.name };
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return asChosen;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_BYTES) return asChosen;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return asChosen;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', WEBP_QUALITY));
    // A browser that cannot encode WebP hands back a PNG, which may well be larger.
    if (!blob || blob.size >= file.size) return asChosen;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'picture'}.${blob.type === 'image/webp' ? 'webp' : 'png'}`;
    return { blob, name };
  } catch {
    return asChosen;
  } finally {
    bitmap?.close();
  }
}
