import { Canvas, capsule, circle, convex, polyline, ring, union, type Rgba, type Shape } from './png';

// The demo's technology icons (product detail: `tecnologias/{id}.png`): a coloured disc with a white glyph.
// The ids are the demo ERP's U_Tecnologias values.

const SIZE = 96;
const C = SIZE / 2;
const W = 7; // glyph stroke width

interface Technology {
  id: number;
  name: string;
  colour: Rgba;
  glyph: Shape;
}

/** A straight arrow from a to b with a filled head. */
function arrow([ax, ay]: [number, number], [bx, by]: [number, number]): Shape {
  const len = Math.hypot(bx - ax, by - ay);
  const ux = (bx - ax) / len;
  const uy = (by - ay) / len;
  const head = 14;
  const base: [number, number] = [bx - ux * head, by - uy * head];
  const side = (s: number): [number, number] => [base[0] - uy * s * 10, base[1] + ux * s * 10];
  // clockwise on screen whatever the direction: order the two base corners by the cross product
  const left = side(1);
  const right = side(-1);
  const cross = (left[0] - bx) * (right[1] - by) - (left[1] - by) * (right[0] - bx);
  const tri = cross > 0 ? convex([[bx, by], left, right]) : convex([[bx, by], right, left]);
  return union(capsule([ax, ay], base, W), tri);
}

export const DEMO_TECHNOLOGIES: readonly Technology[] = [
  {
    id: 1,
    name: 'Secado rápido',
    colour: [0, 150, 199, 255],
    glyph: union(capsule([26, 34], [70, 34], W), capsule([34, 50], [74, 50], W), capsule([22, 66], [60, 66], W)),
  },
  {
    id: 2,
    name: 'Protección UV',
    colour: [244, 162, 27, 255],
    glyph: union(
      circle(C, C, 13),
      ...Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return capsule([C + Math.cos(a) * 21, C + Math.sin(a) * 21], [C + Math.cos(a) * 30, C + Math.sin(a) * 30], 6);
      }),
    ),
  },
  {
    id: 3,
    name: 'Antibacterial',
    colour: [46, 160, 67, 255],
    glyph: union(capsule([C, 26], [C, 70], 12), capsule([26, C], [70, C], 12)),
  },
  {
    id: 4,
    name: 'Elasticidad 4 direcciones',
    colour: [123, 63, 176, 255],
    glyph: union(arrow([C, C], [C, 18]), arrow([C, C], [C, 78]), arrow([C, C], [18, C]), arrow([C, C], [78, C])),
  },
  {
    id: 5,
    name: 'Impermeable',
    colour: [25, 98, 180, 255],
    glyph: union(circle(C, 57, 17), convex([[C, 18], [C + 15.5, 50], [C - 15.5, 50]])),
  },
  {
    id: 6,
    name: 'Térmico',
    colour: [214, 69, 65, 255],
    glyph: union(
      ...[0, 1, 2].map((i) => {
        const a = (i * Math.PI) / 3 + Math.PI / 2;
        return capsule([C + Math.cos(a) * 28, C + Math.sin(a) * 28], [C - Math.cos(a) * 28, C - Math.sin(a) * 28], 6);
      }),
      circle(C, C, 7),
    ),
  },
  {
    id: 7,
    name: 'Respirable',
    colour: [38, 166, 154, 255],
    glyph: union(arrow([30, 74], [30, 24]), arrow([C, 74], [C, 20]), arrow([66, 74], [66, 24])),
  },
  {
    id: 8,
    name: 'Antimanchas',
    colour: [84, 110, 122, 255],
    glyph: union(ring(C, C, 27, 6), polyline([[34, 49], [44, 60], [63, 37]], 8)),
  },
];

const WHITE: Rgba = [255, 255, 255, 255];

/** The icon of one technology as a 96×96 PNG. */
export function technologyIconPng(tech: Technology): Buffer {
  return new Canvas(SIZE, SIZE).fill(circle(C, C, C - 2), tech.colour).fill(tech.glyph, WHITE).toPng();
}
