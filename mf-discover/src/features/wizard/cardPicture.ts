import { imageCandidates, theme } from '@lakorn/ui';

// The picture of an exported PNG card, drawn in the browser: it can decode any uploaded image
// (JPEG, WebP, GIF), which the server cannot, and it has the Thai font for the name.

const WIDTH = 512;
const HEIGHT = 768;

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

async function firstLoadable(path: string): Promise<HTMLImageElement | null> {
  for (const candidate of imageCandidates(path)) {
    const image = await loadImage(candidate);
    if (image) return image;
  }
  return null;
}

/** A 512×768 PNG: the character's picture (cover-fitted) or a gradient, with the name below. */
export async function renderCardPicture(character: { name: string; profileUrl: string }): Promise<Blob> {
  try {
    return await draw(character);
  } catch (error) {
    // A picture from another site taints the canvas; the card then shows the gradient.
    if (character.profileUrl) return draw({ ...character, profileUrl: '' });
    throw error;
  }
}

async function draw(character: { name: string; profileUrl: string }): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the card picture');

  const backdrop = context.createLinearGradient(0, 0, WIDTH, HEIGHT);
  backdrop.addColorStop(0, '#5b3a6e');
  backdrop.addColorStop(1, theme.color.primary);
  context.fillStyle = backdrop;
  context.fillRect(0, 0, WIDTH, HEIGHT);

  const image = character.profileUrl ? await firstLoadable(character.profileUrl) : null;
  const font = `700 44px ${theme.font.family}`;
  await document.fonts?.load(font).catch(() => undefined);
  if (image) {
    const scale = Math.max(WIDTH / image.naturalWidth, HEIGHT / image.naturalHeight);
    const w = image.naturalWidth * scale;
    const h = image.naturalHeight * scale;
    context.drawImage(image, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
  } else {
    context.fillStyle = 'rgba(255, 255, 255, 0.9)';
    context.font = `700 200px ${theme.font.family}`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(Array.from(character.name.trim())[0] ?? '?', WIDTH / 2, HEIGHT / 2 - 60);
  }

  const shade = context.createLinearGradient(0, HEIGHT * 0.6, 0, HEIGHT);
  shade.addColorStop(0, 'rgba(15, 13, 19, 0)');
  shade.addColorStop(1, 'rgba(15, 13, 19, 0.92)');
  context.fillStyle = shade;
  context.fillRect(0, HEIGHT * 0.6, WIDTH, HEIGHT * 0.4);
  context.fillStyle = '#ffffff';
  context.font = font;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.fillText(character.name, WIDTH / 2, HEIGHT - 56, WIDTH - 48);

  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The card picture could not be made'))), 'image/png');
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
