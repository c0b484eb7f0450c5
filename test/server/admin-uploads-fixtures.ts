import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { call } from './helpers';

// Files and multipart forms for the admin upload tests (products and banners).

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e0a1f9e70000000049454e44ae426082',
  'hex',
);
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
/** A JPEG of exactly `size` bytes (SOI, JFIF header, filler, EOI), `fill` varies the content. */
export const jpeg = (size = 64, fill = 0x11) => Buffer.concat([JPEG_HEAD, Buffer.alloc(size - JPEG_HEAD.length - 2, fill), Buffer.from([0xff, 0xd9])]);
/** A PDF of at least `size` bytes. */
export const pdf = (size = 64) => {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};
export const TEXT = Buffer.from('esto no es una imagen, es texto plano\n');

export interface Part {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart form as the SPA builds it: text fields, then files by field. */
export function multipart(fields: Record<string, string | number | boolean>, files: Record<string, Part | Part[]> = {}): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  for (const [field, parts] of Object.entries(files)) {
    for (const part of Array.isArray(parts) ? parts : [parts]) {
      data.append(field, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }), part.name);
    }
  }
  return data;
}

export const post = (app: FastifyInstance, url: string, token: string | undefined, payload: FormData) => call(app, { method: 'POST', url, token, payload });

/** The root of the app's local file store. */
export const filesRoot = (app: FastifyInstance) => (app.files as unknown as { root: string }).root;

/** Every file under a folder of the store, relative names, sorted ('staging/…' included). */
export function listFiles(app: FastifyInstance, folder: string): string[] {
  const root = path.join(filesRoot(app), folder);
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .sort();
}

export const readStored = (app: FastifyInstance, key: string) => readFileSync(path.join(filesRoot(app), key));

/** `/files/products/X.jpg?v=123` -> `products/X.jpg`. */
export const keyOf = (url: string) => url.replace(/^\/files\//, '').split('?')[0]!;
