import type { PaymentQr } from '@lakorn/contracts/web';

/** SVG first, then PNG (spec §7: "SVG preferred, else PNG, else a placeholder image"). */
export function qrSources(qr: PaymentQr): string[] {
  const sources: string[] = [];
  if (qr.svg) sources.push(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`);
  if (qr.imageUrlSvg) sources.push(qr.imageUrlSvg);
  if (qr.imageUrlPng) sources.push(qr.imageUrlPng);
  return sources;
}

// README "Saving the QR": Thai bank apps pay from a picture in the phone's gallery, so the QR is
// saved as a PNG (an SVG is not a picture they open), drawn on white with a quiet zone.
const SIZE = 1024;
const MARGIN = 64;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // The provider's image is on another origin: asked for with CORS so the canvas stays readable.
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`the QR image did not load: ${src.slice(0, 60)}`));
    image.src = src;
  });
}

async function drawPng(src: string): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas to draw the QR on');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, SIZE, SIZE);
  context.drawImage(image, MARGIN, MARGIN, SIZE - 2 * MARGIN, SIZE - 2 * MARGIN);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the QR could not be encoded'))), 'image/png'));
}

/** The QR as a PNG picture: each of its sources in the page's order until one draws. */
export async function qrPicture(qr: PaymentQr): Promise<Blob> {
  let last: unknown = new Error('the payment has no QR image');
  for (const src of qrSources(qr)) {
    try {
      return await drawPng(src);
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

export type SaveOutcome = 'shared' | 'downloaded' | 'cancelled';

/**
 * Saves the QR: the share sheet with the picture where the browser can share files (a phone's
 * "save image" is there), else a download of `promptpay-{id}.png`. A sheet the member closes is
 * 'cancelled', not a failure.
 */
export async function saveQr(qr: PaymentQr, paymentId: string): Promise<SaveOutcome> {
  const picture = await qrPicture(qr);
  const name = `promptpay-${paymentId.replace(/[^A-Za-z0-9_-]/g, '')}.png`;
  const file = new File([picture], name, { type: 'image/png' });
  if (typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file] });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // A sheet refused for another reason (not allowed here): the download still saves it.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has its own copy once started; revoked after this task, not before the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return 'downloaded';
}
