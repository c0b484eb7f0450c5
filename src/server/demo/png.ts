import { deflateSync } from 'node:zlib';

// A minimal PNG writer (8-bit RGBA, no interlace) and a tiny anti-aliased shape rasterizer, enough to draw the
// demo's technology icons without an image library.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes RGBA pixels (row-major, 4 bytes each) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter set, no interlace
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]);
}

// ---- shapes as signed distances (negative inside), in pixels ----

export type Shape = (x: number, y: number) => number;
type Pt = [number, number];

export const circle = (cx: number, cy: number, r: number): Shape => (x, y) => Math.hypot(x - cx, y - cy) - r;

export const ring = (cx: number, cy: number, r: number, width: number): Shape => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;

/** A stroke from a to b with round caps. */
export const capsule = ([ax, ay]: Pt, [bx, by]: Pt, width: number): Shape => (x, y) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) - width / 2;
};

/** A polyline of round-capped strokes. */
export const polyline = (points: Pt[], width: number): Shape => union(...points.slice(1).map((p, i) => capsule(points[i]!, p, width)));

/** A convex polygon given clockwise in screen coordinates (y down). */
export const convex = (points: Pt[]): Shape => (x, y) => {
  let d = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % points.length]!;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    // outward normal of a clockwise edge (y down) is (dy, -dx)
    d = Math.max(d, ((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / len);
  }
  return d;
};

export const union = (...shapes: Shape[]): Shape => (x, y) => Math.min(...shapes.map((s) => s(x, y)));

export type Rgba = [number, number, number, number];

/** A canvas that paints shapes with a one-pixel anti-aliased edge. */
export class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }

  fill(shape: Shape, [r, g, b, a]: Rgba): this {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const coverage = Math.max(0, Math.min(1, 0.5 - shape(x + 0.5, y + 0.5)));
        if (coverage === 0) continue;
        const i = (y * this.width + x) * 4;
        const src = (a / 255) * coverage;
        const dst = this.pixels[i + 3]! / 255;
        const out = src + dst * (1 - src);
        const mix = (s: number, d: number) => (out === 0 ? 0 : Math.round((s * src + d * dst * (1 - src)) / out));
        this.pixels[i] = mix(r, this.pixels[i]!);
        this.pixels[i + 1] = mix(g, this.pixels[i + 1]!);
        this.pixels[i + 2] = mix(b, this.pixels[i + 2]!);
        this.pixels[i + 3] = Math.round(out * 255);
      }
    }
    return this;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}
