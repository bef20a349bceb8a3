// The home-screen icons and the favicon, drawn here and rasterised at build time (nothing is
// downloaded): a theatre mask (a 64-unit square, as the path comments below give it) on the app's
// night background.
const zlib = require('node:zlib');

const BG = [0x0f, 0x0d, 0x13];
const ROSE = [0xe8, 0x53, 0x7a];

/** Points along a cubic Bézier from p0 to p3 (p0 itself excluded). */
function cubic(p0, p1, p2, p3, steps = 24) {
  const points = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

// The mask: M14 20 c6-6 30-6 36 0 -2 14 -8 24 -18 28 -10-4 -16-14 -18-28z
const MASK = [
  [14, 20],
  ...cubic([14, 20], [20, 14], [44, 14], [50, 20]),
  ...cubic([50, 20], [48, 34], [42, 44], [32, 48]),
  ...cubic([32, 48], [22, 44], [16, 34], [14, 20]),
];
// The smile: M24 36 c4 4 12 4 16 0, stroke 3 with round caps.
const SMILE = [[24, 36], ...cubic([24, 36], [28, 40], [36, 40], [40, 36])];
const EYES = [
  [25, 27],
  [39, 27],
];

function insidePolygon(x, y, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToPolyline(x, y, line) {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

/** True inside the background square with rounded corners of radius r (64-unit design). */
function inBackground(x, y, r) {
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

/** Colour of one point of the 64-unit design (bounding boxes first: this runs millions of times). */
function designColour(x, y) {
  if (x < 14 || x > 50 || y < 15 || y > 48 || !insidePolygon(x, y, MASK)) return BG;
  if (y >= 24 && y <= 30 && EYES.some(([ex, ey]) => Math.hypot(x - ex, y - ey) <= 3)) return BG;
  if (x >= 22 && x <= 42 && y >= 34 && y <= 41 && distanceToPolyline(x, y, SMILE) <= 1.5) return BG;
  return ROSE;
}

/**
 * An RGBA raster of the design, 2×2 samples a pixel. `scale` < 1 shrinks the mask towards the
 * centre (a maskable icon keeps its drawing inside the middle 80% circle); `cornerRadius` 0 fills
 * the square (maskable and Apple icons are cut by the system).
 */
function draw(size, { scale = 1, cornerRadius = 16 } = {}) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 2;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const ux = ((px + (sx + 0.5) / samples) / size) * 64;
          const uy = ((py + (sy + 0.5) / samples) / size) * 64;
          if (!inBackground(ux, uy, cornerRadius)) continue;
          // The mask is drawn scaled about the centre; the background is not.
          const colour = designColour(32 + (ux - 32) / scale, 33 + (uy - 33) / scale);
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const at = (py * size + px) * 4;
      if (covered > 0) {
        pixels[at] = Math.round(r / covered);
        pixels[at + 1] = Math.round(g / covered);
        pixels[at + 2] = Math.round(b / covered);
      }
      pixels[at + 3] = Math.round((covered / (samples * samples)) * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y++) rows.push(Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every icon the manifest and the iOS meta name: file name → PNG bytes. */
function icons() {
  return {
    'icons/icon-192.png': png(192, draw(192)),
    'icons/icon-512.png': png(512, draw(512)),
    'icons/icon-maskable-512.png': png(512, draw(512, { scale: 0.8, cornerRadius: 0 })),
    'icons/apple-touch-icon.png': png(180, draw(180, { cornerRadius: 0 })),
    // The tab's icon, a PNG rather than an SVG: for an SVG favicon Chromium builds an
    // SVG document on the page's main thread on a first visit, a task of 8–32 ms in the home's
    // start (bench/README.md "lighthouse").
    'icons/favicon-48.png': png(48, draw(48)),
  };
}

module.exports = { icons, png, draw };
