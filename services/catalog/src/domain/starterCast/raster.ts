import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../pngText';

// A very small rasteriser for the starter cast's portraits (README "The starter cast": artwork
// drawn in code, never downloaded). Shapes are signed distance functions in a 100-unit square;
// each is painted over its bounding box with its coverage from the distance (one sample a pixel,
// so edges are smooth at card size), then the canvas is written as an RGB PNG. Pure Node: a
// seed needs no browser and no native package.

export type Rgb = readonly [number, number, number];

/** '#rrggbb' as an Rgb. */
export function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** A colour mixed toward another (t = 0: a, 1: b). */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export type Point = readonly [number, number];

/** A shape: its bounding box and its signed distance (negative inside), both in design units. */
export interface Shape {
  box: readonly [number, number, number, number];
  distance(x: number, y: number): number;
}

export function circle(cx: number, cy: number, r: number): Shape {
  return { box: [cx - r, cy - r, cx + r, cy + r], distance: (x, y) => Math.hypot(x - cx, y - cy) - r };
}

/** An ellipse (the usual close approximation of its distance, exact enough for edges). */
export function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  return {
    box: [cx - rx, cy - ry, cx + rx, cy + ry],
    distance(x, y) {
      const px = x - cx;
      const py = y - cy;
      const k0 = Math.hypot(px / rx, py / ry);
      const k1 = Math.hypot(px / (rx * rx), py / (ry * ry));
      return k1 === 0 ? -Math.min(rx, ry) : (k0 * (k0 - 1)) / k1;
    },
  };
}

/** An axis-aligned box from (x0, y0) to (x1, y1) with corners of radius r. */
export function roundedBox(x0: number, y0: number, x1: number, y1: number, r: number): Shape {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hx = (x1 - x0) / 2 - r;
  const hy = (y1 - y0) / 2 - r;
  return {
    box: [x0, y0, x1, y1],
    distance(x, y) {
      const qx = Math.abs(x - cx) - hx;
      const qy = Math.abs(y - cy) - hy;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
    },
  };
}

function segmentDistance(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / length2));
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}

function boxOf(points: readonly Point[], pad: number): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

/** A line through the points, `width` wide, with round ends and joins. */
export function stroke(points: readonly Point[], width: number): Shape {
  return {
    box: boxOf(points, width / 2),
    distance(x, y) {
      let best = Infinity;
      for (let i = 1; i < points.length; i++) best = Math.min(best, segmentDistance(x, y, points[i - 1]!, points[i]!));
      return best - width / 2;
    },
  };
}

/** A closed polygon (even-odd inside). */
export function polygon(points: readonly Point[]): Shape {
  return {
    box: boxOf(points, 0),
    distance(x, y) {
      let best = Infinity;
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const a = points[i]!;
        const b = points[j]!;
        best = Math.min(best, segmentDistance(x, y, a, b));
        if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
      }
      return inside ? -best : best;
    },
  };
}

/** A circle's outline, `width` wide. */
export function ring(cx: number, cy: number, r: number, width: number): Shape {
  return { box: [cx - r - width, cy - r - width, cx + r + width, cy + r + width], distance: (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2 };
}

/** Points along a cubic Bézier from p0 to p3. */
export function cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps = 16): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

/** Points of an elliptic arc from angle a0 to a1 (radians, y down). */
export function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, steps = 24): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return points;
}

/** An RGB canvas of `size` pixels a side, drawn in a 100-unit design square. */
export class Canvas {
  private readonly pixels: Float32Array;
  private readonly scale: number;

  constructor(readonly size: number) {
    this.pixels = new Float32Array(size * size * 3);
    this.scale = size / 100;
  }

  /** Fills every row with the colour between top and bottom. */
  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.size; y++) {
      const colour = mix(top, bottom, y / (this.size - 1));
      for (let x = 0; x < this.size; x++) this.pixels.set(colour, (y * this.size + x) * 3);
    }
  }

  /** Paints the shape in the colour, `alpha` opaque, with smooth edges. */
  fill(shape: Shape, colour: Rgb, alpha = 1): void {
    const s = this.scale;
    const [bx0, by0, bx1, by1] = shape.box;
    const x0 = Math.max(0, Math.floor(bx0 * s) - 1);
    const y0 = Math.max(0, Math.floor(by0 * s) - 1);
    const x1 = Math.min(this.size - 1, Math.ceil(bx1 * s) + 1);
    const y1 = Math.min(this.size - 1, Math.ceil(by1 * s) + 1);
    for (let py = y0; py <= y1; py++) {
      const y = (py + 0.5) / s;
      for (let px = x0; px <= x1; px++) {
        // Distance in pixels: half a pixel either side of the edge is blended.
        const coverage = Math.max(0, Math.min(1, 0.5 - shape.distance((px + 0.5) / s, y) * s));
        if (coverage === 0) continue;
        const a = coverage * alpha;
        const at = (py * this.size + px) * 3;
        this.pixels[at] = this.pixels[at]! + (colour[0] - this.pixels[at]!) * a;
        this.pixels[at + 1] = this.pixels[at + 1]! + (colour[1] - this.pixels[at + 1]!) * a;
        this.pixels[at + 2] = this.pixels[at + 2]! + (colour[2] - this.pixels[at + 2]!) * a;
      }
    }
  }

  /** The canvas as an RGB PNG (no text chunks: nothing but the picture). */
  toPng(): Buffer {
    const { size } = this;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(size, 0);
    header.writeUInt32BE(size, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // truecolour
    const rows = Buffer.alloc((size * 3 + 1) * size);
    for (let y = 0; y < size; y++) {
      const row = y * (size * 3 + 1);
      rows[row] = 0; // no filter
      for (let i = 0; i < size * 3; i++) rows[row + 1 + i] = Math.round(Math.max(0, Math.min(255, this.pixels[y * size * 3 + i]!)));
    }
    return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
  }
}
