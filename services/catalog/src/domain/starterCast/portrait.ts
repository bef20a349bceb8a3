import { createHash } from 'node:crypto';
import { arc, Canvas, circle, cubic, ellipse, mix, polygon, rgb, ring, roundedBox, stroke, type Point, type Rgb, type Shape } from './raster';

// The starter cast's portraits: one friendly bust per character on a sky of its own, with an
// emblem of what the character does in a badge, drawn from a few choices in the cast data. Every
// choice changes the picture, so each card is told apart at a glance.

export const HAIR_STYLES = ['short', 'long', 'bun', 'ponytail', 'bob', 'pigtails', 'halfUp'] as const;
export const EMBLEMS = ['vase', 'flower', 'note', 'wave', 'leaf', 'star', 'bowl', 'book', 'cup', 'ball', 'brush', 'letter'] as const;
export const EXTRAS = ['glasses', 'rangerHat', 'postCap', 'headband', 'headphones', 'earFlower', 'earring', 'moustache', 'bells', 'freckles', 'cat'] as const;

export interface PortraitSpec {
  /** The sky behind, top and bottom ('#rrggbb'). */
  sky: readonly [string, string];
  skin: string;
  hair: string;
  hairStyle: (typeof HAIR_STYLES)[number];
  outfit: string;
  /** Collar, badge rim and the emblem's colour. */
  accent: string;
  emblem: (typeof EMBLEMS)[number];
  extras?: ReadonlyArray<(typeof EXTRAS)[number]>;
  /** Open eyes, or the closed happy arcs of a big smile. */
  eyes: 'open' | 'smile';
}

/** Bump when the drawing changes: the image's name (and so a new upload) follows it. */
export const PORTRAIT_VERSION = 2;

/** The portrait's pixel size: sharp on a two-column card at 2× density. */
export const PORTRAIT_SIZE = 384;

const WHITE = rgb('#ffffff');
const INK = rgb('#2b2230');

/** Soft round lights in the sky, placed by the character's name so no two skies match. */
function bokeh(canvas: Canvas, key: string, colour: Rgb): void {
  const bytes = createHash('sha256').update(key).digest();
  for (let i = 0; i < 6; i++) {
    const x = 6 + (bytes[i * 3]! / 255) * 88;
    const y = 4 + (bytes[i * 3 + 1]! / 255) * 50;
    const r = 3 + (bytes[i * 3 + 2]! / 255) * 9;
    canvas.fill(circle(x, y, r), colour, 0.16);
  }
}

type Painter = Pick<Canvas, 'fill'>;

/** Paints through `canvas` with every shape scaled by k about (cx, cy). */
function scaledAbout(canvas: Painter, k: number, cx: number, cy: number): Painter {
  return {
    fill(shape, colour, alpha) {
      const [x0, y0, x1, y1] = shape.box;
      const scaled: Shape = {
        box: [cx + (x0 - cx) * k, cy + (y0 - cy) * k, cx + (x1 - cx) * k, cy + (y1 - cy) * k],
        distance: (x, y) => k * shape.distance(cx + (x - cx) / k, cy + (y - cy) / k),
      };
      canvas.fill(scaled, colour, alpha);
    },
  };
}

/** The emblem, centred on (cx, cy), about 16 units wide. */
function emblem(canvas: Painter, kind: PortraitSpec['emblem'], cx: number, cy: number, colour: Rgb): void {
  const at = (points: Point[]): Point[] => points.map(([x, y]) => [cx + x, cy + y]);
  const light = mix(colour, WHITE, 0.55);
  switch (kind) {
    case 'vase':
      canvas.fill(polygon(at([[-3, -7], [3, -7], [2, -4], [6, 0], [5, 5], [2, 7], [-2, 7], [-5, 5], [-6, 0], [-2, -4]])), colour);
      canvas.fill(stroke(at([[-4.5, 1], [4.5, 1]]), 1.2), light);
      break;
    case 'flower':
      for (let i = 0; i < 5; i++) {
        const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
        canvas.fill(circle(cx + Math.cos(a) * 4.2, cy + Math.sin(a) * 4.2, 3.4), colour);
      }
      canvas.fill(circle(cx, cy, 2.6), rgb('#ffd35c'));
      break;
    case 'note':
      canvas.fill(ellipse(cx - 3, cy + 4.5, 3, 2.3), colour);
      canvas.fill(ellipse(cx + 5, cy + 2.5, 3, 2.3), colour);
      canvas.fill(stroke(at([[-0.4, 4.5], [-0.4, -6]]), 1.4), colour);
      canvas.fill(stroke(at([[7.6, 2.5], [7.6, -8]]), 1.4), colour);
      canvas.fill(polygon(at([[-1.1, -6.8], [8.3, -8.8], [8.3, -5.6], [-1.1, -3.6]])), colour);
      break;
    case 'wave':
      canvas.fill(stroke(at(cubic([-8, -1], [-4, -6], [0, 4], [8, -3])), 2.2), colour);
      canvas.fill(stroke(at(cubic([-8, 5], [-4, 0], [0, 10], [8, 3])), 2.2), light);
      break;
    case 'leaf':
      canvas.fill(polygon(at([...cubic([-6, 6], [-8, -4], [2, -8], [7, -7]), ...cubic([7, -7], [6, 2], [0, 8], [-6, 6])])), colour);
      canvas.fill(stroke(at([[-7, 7], [4, -4]]), 1), light);
      break;
    case 'star': {
      const points: Point[] = [];
      for (let i = 0; i < 10; i++) {
        const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
        const r = i % 2 === 0 ? 8 : 3.4;
        points.push([Math.cos(a) * r, Math.sin(a) * r]);
      }
      canvas.fill(polygon(at(points)), colour);
      break;
    }
    case 'bowl':
      canvas.fill(polygon(at([...arc(0, -1, 8, 7, 0, Math.PI, 16)])), colour);
      canvas.fill(roundedBox(cx - 8.5, cy - 2, cx + 8.5, cy, 1), colour);
      canvas.fill(ellipse(cx, cy - 3.5, 6, 2.6), WHITE);
      canvas.fill(stroke(at(cubic([-2, -6], [-4, -8], [0, -9], [-2, -11])), 1), light);
      canvas.fill(stroke(at(cubic([2, -6], [0, -8], [4, -9], [2, -11])), 1), light);
      break;
    case 'book':
      canvas.fill(polygon(at([[-8, -5], [0, -3], [0, 7], [-8, 5]])), colour);
      canvas.fill(polygon(at([[8, -5], [0, -3], [0, 7], [8, 5]])), light);
      canvas.fill(stroke(at([[0, -3], [0, 7]]), 0.8), WHITE);
      break;
    case 'cup':
      canvas.fill(roundedBox(cx - 6, cy - 3, cx + 4, cy + 7, 2.5), colour);
      canvas.fill(ring(cx + 5, cy + 2, 2.6, 1.4), colour);
      canvas.fill(stroke(at(cubic([-3, -5], [-5, -7], [-1, -8], [-3, -10])), 1.1), light);
      canvas.fill(stroke(at(cubic([1, -5], [-1, -7], [3, -8], [1, -10])), 1.1), light);
      break;
    case 'ball':
      canvas.fill(circle(cx, cy, 7.5), colour);
      canvas.fill(stroke(at(cubic([-7, -2], [-2, 0], [2, -5], [1, -7.5])), 1.2), WHITE);
      canvas.fill(stroke(at(cubic([-4, 6], [-2, 1], [4, 0], [7, 2])), 1.2), WHITE);
      break;
    case 'brush':
      canvas.fill(stroke(at([[6, -7], [-1, 2]]), 2), rgb('#b07a4a'));
      canvas.fill(polygon(at([[-1, 0], [2, 3], [-3, 8], [-7, 8], [-5, 4]])), colour);
      break;
    case 'letter':
      canvas.fill(roundedBox(cx - 8, cy - 5.5, cx + 8, cy + 5.5, 1.2), colour);
      canvas.fill(stroke(at([[-7, -4.5], [0, 1], [7, -4.5]]), 1.2), WHITE);
      canvas.fill(circle(cx, cy + 1, 1.6), rgb('#e8537a'));
      break;
  }
}

/** The hair behind the head (long styles), drawn before the face. */
function backHair(canvas: Canvas, spec: PortraitSpec, hair: Rgb): void {
  switch (spec.hairStyle) {
    case 'long':
      canvas.fill(roundedBox(29, 32, 71, 80, 14), hair);
      break;
    case 'halfUp':
      canvas.fill(roundedBox(31, 34, 69, 74, 12), hair);
      break;
    case 'bob':
      canvas.fill(roundedBox(29, 33, 71, 63, 10), hair);
      break;
    case 'ponytail':
      canvas.fill(stroke(cubic([62, 30], [78, 34], [78, 56], [72, 70]), 9), hair);
      break;
    case 'pigtails':
      canvas.fill(circle(28, 36, 7.5), hair);
      canvas.fill(circle(72, 36, 7.5), hair);
      canvas.fill(stroke(cubic([28, 40], [24, 52], [27, 62], [25, 70]), 7), hair);
      canvas.fill(stroke(cubic([72, 40], [76, 52], [73, 62], [75, 70]), 7), hair);
      break;
    default:
      break;
  }
}

/** The hair over the top of the head: a cap with a fringe of its own per style. */
function frontHair(canvas: Canvas, spec: PortraitSpec, hair: Rgb): void {
  const cap = arc(50, 45, 19.5, 19, Math.PI, Math.PI * 2, 28);
  const fringe: Record<PortraitSpec['hairStyle'], Point[]> = {
    short: [[68, 41], [61, 36.5], [53, 38.5], [45, 35.5], [37, 38], [32, 42]],
    long: [[68, 46], [64, 37], [54, 35], [50, 38], [46, 35], [36, 37], [32, 46]],
    bun: [[68, 42], [58, 36], [48, 36.5], [39, 36], [32, 42]],
    ponytail: [[68, 42], [60, 37], [52, 35.5], [44, 38.5], [37, 37], [32, 43]],
    bob: [[68, 47], [66, 39], [57, 38.5], [50, 39], [43, 38.5], [34, 39], [32, 47]],
    pigtails: [[68, 42], [62, 38], [56, 40], [50, 37], [44, 40], [38, 38], [32, 42]],
    halfUp: [[68, 44], [63, 37], [52, 36], [44, 37.5], [36, 38], [32, 44]],
  };
  canvas.fill(polygon([...cap, ...fringe[spec.hairStyle]]), hair);
  if (spec.hairStyle === 'bun') canvas.fill(circle(50, 24.5, 7.5), hair);
  if (spec.hairStyle === 'halfUp') canvas.fill(circle(50, 26, 5.5), hair);
  // A gloss on the hair.
  canvas.fill(stroke(arc(50, 45, 15, 15, Math.PI * 1.2, Math.PI * 1.42, 8), 1.6), mix(hair, WHITE, 0.35), 0.7);
}

function face(canvas: Canvas, spec: PortraitSpec, skin: Rgb, hair: Rgb): void {
  const dark = mix(hair, INK, 0.5);
  for (const x of [42.5, 57.5]) {
    if (spec.eyes === 'open') {
      canvas.fill(ellipse(x, 49.5, 2, 2.7), INK);
      canvas.fill(circle(x + 0.7, 48.6, 0.75), WHITE);
    } else {
      canvas.fill(stroke(arc(x, 50.5, 2.6, 2.2, Math.PI * 1.1, Math.PI * 1.9, 10), 1.3), INK);
    }
    // Brows rise toward the middle a little: a kind look.
    const inner = x < 50 ? 1 : -1;
    canvas.fill(stroke([[x - 3 * inner, 44.3], [x + 3 * inner, 43.5]], 1.2), dark);
  }
  canvas.fill(circle(37.5, 55.5, 3), rgb('#ff8a9a'), 0.3);
  canvas.fill(circle(62.5, 55.5, 3), rgb('#ff8a9a'), 0.3);
  canvas.fill(stroke([[50, 51.5], [49.2, 54.2]], 0.9), mix(skin, INK, 0.25), 0.6);
  canvas.fill(stroke(arc(50, 56.5, 4.4, 3.2, Math.PI * 0.15, Math.PI * 0.85, 12), 1.4), rgb('#9a3f4d'));
}

function extras(canvas: Canvas, spec: PortraitSpec, colours: { hair: Rgb; accent: Rgb; outfit: Rgb; skin: Rgb }): void {
  const chosen = new Set(spec.extras ?? []);
  if (chosen.has('freckles')) for (const [x, y] of [[38, 53], [40, 54.5], [36.5, 54.8], [62, 53], [60, 54.5], [63.5, 54.8]] as const) canvas.fill(circle(x, y, 0.55), rgb('#a0623c'), 0.8);
  if (chosen.has('moustache')) {
    canvas.fill(ellipse(47, 54.6, 3.4, 1.5), WHITE);
    canvas.fill(ellipse(53, 54.6, 3.4, 1.5), WHITE);
  }
  if (chosen.has('glasses')) {
    canvas.fill(ring(42.5, 49.5, 4.6, 1.1), INK);
    canvas.fill(ring(57.5, 49.5, 4.6, 1.1), INK);
    canvas.fill(stroke([[47.1, 49], [52.9, 49]], 1), INK);
  }
  if (chosen.has('headband')) canvas.fill(stroke(arc(50, 45, 19, 18, Math.PI * 1.08, Math.PI * 1.92, 20), 3.2), colours.accent);
  if (chosen.has('bells')) {
    canvas.fill(circle(28, 30.5, 2.2), rgb('#e6e9f0'));
    canvas.fill(circle(72, 30.5, 2.2), rgb('#e6e9f0'));
  }
  if (chosen.has('earFlower')) {
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2;
      canvas.fill(circle(31 + Math.cos(a) * 2.2, 40 + Math.sin(a) * 2.2, 1.8), WHITE);
    }
    canvas.fill(circle(31, 40, 1.2), rgb('#ffd35c'));
  }
  if (chosen.has('earring')) canvas.fill(ellipse(68.5, 55, 1.3, 1.8), rgb('#6b4226'));
  if (chosen.has('rangerHat')) {
    const hat = rgb('#5f6b3a');
    canvas.fill(ellipse(50, 33, 29, 5.5), hat);
    canvas.fill(roundedBox(36, 18, 64, 34, 6), hat);
    canvas.fill(roundedBox(36, 28, 64, 31.5, 0.5), mix(hat, INK, 0.35));
  }
  if (chosen.has('postCap')) {
    const cap = rgb('#7a5234');
    canvas.fill(roundedBox(33, 22, 67, 36, 7), cap);
    canvas.fill(ellipse(50, 36, 19, 3.2), mix(cap, INK, 0.4));
    canvas.fill(circle(50, 28, 2.4), rgb('#e8c35a'));
  }
  if (chosen.has('headphones')) {
    const band = mix(colours.outfit, INK, 0.55);
    canvas.fill(stroke(arc(50, 74, 15, 6, Math.PI * 0.05, Math.PI * 0.95, 16), 2.4), band);
    canvas.fill(roundedBox(32, 69, 38, 77, 2.5), band);
    canvas.fill(roundedBox(62, 69, 68, 77, 2.5), band);
  }
  if (chosen.has('cat')) {
    const fur = rgb('#f29b45');
    canvas.fill(ellipse(74, 74, 9, 6.5), fur);
    canvas.fill(circle(80, 68, 5.2), fur);
    canvas.fill(polygon([[76, 65.5], [77, 60], [80, 63.5]]), fur);
    canvas.fill(polygon([[80.5, 63.5], [84, 60], [84.5, 66]]), fur);
    canvas.fill(circle(78.6, 68, 0.7), INK);
    canvas.fill(circle(81.8, 68, 0.7), INK);
    canvas.fill(stroke([[71, 71], [75, 74], [71, 77]], 1), mix(fur, INK, 0.3), 0.6);
  }
}

/** The portrait of one character as a PNG. */
export function drawPortrait(spec: PortraitSpec, key: string, size = PORTRAIT_SIZE): Buffer {
  const canvas = new Canvas(size);
  const [top, bottom] = [rgb(spec.sky[0]), rgb(spec.sky[1])];
  const skin = rgb(spec.skin);
  const hair = rgb(spec.hair);
  const outfit = rgb(spec.outfit);
  const accent = rgb(spec.accent);
  canvas.verticalGradient(top, bottom);
  bokeh(canvas, key, WHITE);
  // A hill of light behind the bust.
  canvas.fill(ellipse(50, 104, 64, 40), mix(bottom, WHITE, 0.25), 0.5);

  backHair(canvas, spec, hair);
  // Shoulders and neck.
  canvas.fill(ellipse(50, 100, 37, 26), outfit);
  canvas.fill(roundedBox(44, 56, 56, 77, 5), mix(skin, INK, 0.12));
  canvas.fill(polygon([[42, 76], [50, 86], [58, 76], [55, 74.5], [50, 80], [45, 74.5]]), accent);
  // Ears, head.
  canvas.fill(ellipse(31.5, 50, 3.2, 4.5), mix(skin, INK, 0.06));
  canvas.fill(ellipse(68.5, 50, 3.2, 4.5), mix(skin, INK, 0.06));
  canvas.fill(ellipse(50, 48, 18, 20) as Shape, skin);
  frontHair(canvas, spec, hair);
  face(canvas, spec, skin, hair);
  extras(canvas, spec, { hair, accent, outfit, skin });

  // The badge with the emblem: inside what a 3:4 card (cover) and a round avatar both keep.
  const [bx, by, br] = [73, 19, 8.5];
  canvas.fill(circle(bx, by + 0.8, br + 0.5), mix(accent, INK, 0.2), 0.35);
  canvas.fill(circle(bx, by, br), WHITE, 0.94);
  canvas.fill(ring(bx, by, br, 1.1), accent);
  emblem(scaledAbout(canvas, br / 12, bx, by), spec.emblem, bx, by, accent);
  return canvas.toPng();
}
