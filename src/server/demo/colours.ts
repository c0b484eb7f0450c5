// Colour names of the demo catalogue (U_Color) as fills, and small helpers for shades.

const NAMED: Record<string, string> = {
  blanco: '#f7f7f5', negro: '#24252a', gris: '#8d9096', 'gris melange': '#a7a9ad', 'gris oscuro': '#4f5257',
  'gris grafito': '#43464b', rojo: '#c8323a', 'rojo escoces': '#b3262f', burdeo: '#7a1f33', fucsia: '#d6287d',
  'rosado palo': '#e7b7b9', lila: '#b79bd6', morado: '#6a3d9a', naranjo: '#ee7b25', amarillo: '#f3c623',
  'amarillo fluor': '#d7f01f', mostaza: '#d1a02a', beige: '#d9c7a5', arena: '#d8c39a', camel: '#b98a54',
  caqui: '#a2976b', 'verde oliva': '#6f7436', 'verde botella': '#1f5b3c', 'verde musgo': '#5b6b34',
  'verde agua': '#8fd1c2', turquesa: '#21a7a9', celeste: '#8cc7ea', 'azul claro': '#7fa9d6', 'azul marino': '#1f2d4f',
  'azul indigo': '#2f3f75', 'azul oscuro': '#23345e', 'azul petroleo': '#1e5667', 'azul rey': '#2447a8',
  'azul francia': '#2a5db0', 'estampado floral': '#f2e6d8',
};

const plain = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** The fill of a colour name; an unknown name gets a stable colour of its own. */
export function colourHex(name: string): string {
  const key = plain(name);
  if (NAMED[key]) return NAMED[key]!;
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hsl(hash % 360, 45, 50);
}

export type Pattern = 'floral' | 'plaid' | 'melange' | undefined;

export function patternOf(name: string): Pattern {
  const key = plain(name);
  if (key.includes('floral') || key.includes('estampado')) return 'floral';
  if (key.includes('escoces') || key.includes('cuadros')) return 'plaid';
  if (key.includes('melange')) return 'melange';
  return undefined;
}

function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** A colour mixed toward black (amount < 0) or white (amount > 0), amount in -1..1. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const ch = (v: number) => Math.round(v + (target - v) * t).toString(16).padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

/** Relative luminance 0..1, to pick outlines and text that stay visible. */
export function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}
