import type { ItemRecord } from '../erp/mapping';
import { colourHex, luminance, patternOf, shade, type Pattern } from './colours';

// Product pictures of the demo: a flat garment drawing in the style's colour, shaped by its category
// (front, back and a close-up). Symmetric outlines are drawn as their right half and mirrored.

type Pt = [number, number];
interface Seg {
  to: Pt;
  /** Control point of a quadratic curve; a straight line without it. */
  c?: Pt;
}

export type GarmentKind =
  | 'tee' | 'longTee' | 'polo' | 'shirt' | 'shortShirt' | 'hoodie' | 'sweatshirt' | 'jacket' | 'hoodedJacket' | 'parka'
  | 'pants' | 'jeans' | 'cargo' | 'jogger' | 'leggings' | 'shortLeggings' | 'dress' | 'longDress' | 'shortDress' | 'overall' | 'vest';

const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

/** The drawing that fits a style, from its category, subcategory, third level and name. */
export function garmentKind(r: Pick<ItemRecord, 'category' | 'subcategory' | 'level3' | 'styleName'>): GarmentKind {
  const cat = plain(r.category);
  const sub = plain(r.subcategory);
  const n3 = plain(r.level3);
  const name = plain(r.styleName);
  const has = (word: string) => name.includes(word) || sub.includes(word) || n3.includes(word);
  if (has('OVEROL')) return 'overall';
  if (has('CHALECO')) return 'vest';
  if (cat.includes('VESTIDO') || name.includes('VESTIDO')) return n3.includes('LARGO') ? 'longDress' : n3.includes('CORTO') ? 'shortDress' : 'dress';
  if (cat.includes('CALZA') || name.includes('CALZA')) return n3.includes('CORTA') ? 'shortLeggings' : 'leggings';
  if (cat.includes('PANTALON') || name.includes('PANTALON') || name.includes('JEANS')) {
    if (name.includes('JEANS') || sub.includes('JEANS')) return 'jeans';
    if (has('CARGO')) return 'cargo';
    if (has('BUZO') || has('JOGGER')) return 'jogger';
    return 'pants';
  }
  if (cat.includes('POLERON') || name.includes('POLERON')) return sub.includes('CON CAPUCHA') ? 'hoodie' : 'sweatshirt';
  if (has('PARKA')) return 'parka';
  if (cat.includes('CHAQUETA') || name.includes('CHAQUETA') || name.includes('CORTAVIENTO')) return has('CON CAPUCHA') ? 'hoodedJacket' : 'jacket';
  if (cat.includes('CAMISA') || name.includes('CAMISA') || name.includes('BLUSA')) return sub.includes('MANGA CORTA') ? 'shortShirt' : 'shirt';
  if (n3.includes('POLO') || name.includes('POLO')) return 'polo';
  if (sub.includes('MANGA LARGA')) return 'longTee';
  return 'tee';
}

const f = (n: number) => String(Math.round(n * 10) / 10);
const mirror = ([x, y]: Pt): Pt => [600 - x, y];
const pt = ([x, y]: Pt) => `${f(x)},${f(y)}`;

/** A closed outline from its right half: start and end on the centre line x = 300. */
function mirrored(start: Pt, segs: Seg[]): string {
  const points = [start, ...segs.map((s) => s.to)];
  let d = `M${pt(start)}`;
  for (const s of segs) d += s.c ? ` Q${pt(s.c)} ${pt(s.to)}` : ` L${pt(s.to)}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const to = mirror(points[i]!);
    d += s.c ? ` Q${pt(mirror(s.c))} ${pt(to)}` : ` L${pt(to)}`;
  }
  return `${d} Z`;
}

const shortSleeveTop = (neck: number, hem = 512): Seg[] => [
  { to: [346, 92], c: [338, neck - 4] },
  { to: [428, 116] },
  { to: [508, 206], c: [475, 140] },
  { to: [466, 254] },
  { to: [420, 226] },
  { to: [424, hem], c: [416, 370] },
  { to: [300, hem + 6], c: [362, hem + 6] },
];

const longSleeveTop = (neck: number, hem = 512, curvedHem = false): Seg[] => [
  { to: [346, 92], c: [338, neck - 4] },
  { to: [428, 116] },
  { to: [476, 168], c: [462, 128] },
  { to: [528, 448] },
  { to: [486, 458] },
  { to: [436, 262] },
  { to: [430, hem] },
  curvedHem ? { to: [300, hem + 26], c: [382, hem + 36] } : { to: [300, hem + 6], c: [366, hem + 6] },
];

interface Drawing {
  body: string;
  /** Drawn before the body (a hood seen from the front). */
  under?: string;
  front: string;
  back: string;
  /** The point the close-up centres on. */
  focus: Pt;
}

interface Ink {
  line: string;
  stitch: string;
  dark: string;
  light: string;
}

const stroke = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const stitches = (d: string, ink: Ink) => stroke(d, ink.stitch, 2, ' stroke-dasharray="7 5"');
const both = (make: (m: (p: Pt) => Pt) => string) => make((p) => p) + make(mirror);
const button = (x: number, y: number, ink: Ink) => `<circle cx="${x}" cy="${y}" r="5" fill="${ink.light}" stroke="${ink.line}" stroke-width="1.5"/>`;
const label = (neck: number) => `<rect x="286" y="${neck + 8}" width="28" height="16" rx="2" fill="#ffffff" stroke="#c9ccd1"/>`;

function neckRib(neck: number, ink: Ink): string {
  return stroke(`M254,92 Q262,${neck - 4} 300,${neck} Q338,${neck - 4} 346,92`, ink.dark, 9) + stitches(`M258,104 Q266,${neck + 6} 300,${neck + 12} Q334,${neck + 6} 342,104`, ink);
}

const hood = (ink: Ink, base: string) =>
  `<path d="M236,128 C222,20 378,20 364,128 Z" fill="${shade(base, -0.08)}" stroke="${ink.line}" stroke-width="3"/>` +
  `<path d="M262,122 C256,58 344,58 338,122 Z" fill="${shade(base, -0.45)}"/>`;
const hoodBack = (ink: Ink, base: string) =>
  `<path d="M246,94 C232,160 262,240 300,246 C338,240 368,160 354,94 Z" fill="${shade(base, -0.06)}" stroke="${ink.line}" stroke-width="3"/>` +
  stitches('M300,110 L300,236', ink);

function topDrawing(kind: GarmentKind, ink: Ink, base: string): Drawing {
  const frontNeck = kind === 'polo' || kind === 'shirt' || kind === 'shortShirt' ? 112 : kind.includes('acket') || kind === 'parka' ? 104 : 128;
  const long = !['tee', 'polo', 'shortShirt'].includes(kind);
  const hem = kind === 'parka' ? 568 : kind.includes('acket') ? 524 : 512;
  const shirtLike = kind === 'shirt' || kind === 'shortShirt';
  const outline = (neck: number) => mirrored([300, neck], long ? longSleeveTop(neck, hem, shirtLike) : shortSleeveTop(neck, hem));
  const body = outline(frontNeck);
  const sleeveHems = long
    ? both((m) => stitches(`M${pt(m([516, 420]))} L${pt(m([478, 430]))}`, ink))
    : both((m) => stitches(`M${pt(m([458, 242]))} L${pt(m([496, 198]))}`, ink));
  const hemLine = shirtLike ? '' : stitches(`M188,${hem - 14} Q300,${hem - 8} 412,${hem - 14}`, ink);
  let front = sleeveHems + hemLine;
  let back = sleeveHems + hemLine + label(100);
  let under: string | undefined;
  if (kind === 'tee' || kind === 'longTee') front += neckRib(frontNeck, ink);
  if (kind === 'tee' || kind === 'longTee' || kind === 'polo' || kind === 'sweatshirt') back += neckRib(100, ink);
  if (kind === 'polo') {
    front +=
      `<rect x="288" y="112" width="24" height="92" rx="3" fill="${shade(base, -0.05)}" stroke="${ink.line}" stroke-width="2"/>` +
      button(300, 140, ink) + button(300, 176, ink) +
      both((m) => `<path d="M${pt(m([300, 114]))} L${pt(m([348, 88]))} L${pt(m([360, 110]))} L${pt(m([312, 156]))} Z" fill="${shade(base, -0.1)}" stroke="${ink.line}" stroke-width="2" stroke-linejoin="round"/>`);
  }
  if (shirtLike) {
    front +=
      both((m) => `<path d="M${pt(m([300, 116]))} L${pt(m([346, 88]))} L${pt(m([362, 104]))} L${pt(m([322, 170]))} Z" fill="${shade(base, 0.12)}" stroke="${ink.line}" stroke-width="2" stroke-linejoin="round"/>`) +
      stroke(`M300,120 L300,${hem + 20}`, ink.line, 2) +
      [180, 250, 320, 390, 460].map((y) => button(312, y, ink)).join('') +
      `<path d="M346,190 L396,190 L396,246 L371,256 L346,246 Z" fill="none" stroke="${ink.line}" stroke-width="2"/>` +
      stitches(`M188,${hem - 4} Q300,${hem + 30} 412,${hem - 4}`, ink);
    back += stroke('M180,160 Q300,176 420,160', ink.line, 2) + stroke(`M300,176 L300,230`, ink.stitch, 2);
  }
  if (kind === 'hoodie' || kind === 'sweatshirt') {
    front +=
      stroke(`M178,${hem - 22} L422,${hem - 22}`, ink.dark, 3) +
      both((m) => stroke(`M${pt(m([520, 420]))} L${pt(m([480, 430]))}`, ink.dark, 3)) +
      (kind === 'hoodie'
        ? `<path d="M214,364 L386,364 L412,472 L188,472 Z" fill="none" stroke="${ink.line}" stroke-width="2.5" stroke-linejoin="round"/>` +
          stroke('M282,128 L276,214', ink.light, 5) + stroke('M318,128 L324,214', ink.light, 5)
        : neckRib(frontNeck, ink));
    if (kind === 'hoodie') {
      under = hood(ink, base);
      back += hoodBack(ink, base);
    }
  }
  if (kind === 'jacket' || kind === 'hoodedJacket' || kind === 'parka') {
    if (kind === 'jacket') front += `<path d="M254,96 L256,66 Q300,58 344,66 L346,96 Q300,104 254,96 Z" fill="${shade(base, -0.1)}" stroke="${ink.line}" stroke-width="2.5"/>`;
    else under = hood(ink, base);
    if (kind !== 'jacket') back += hoodBack(ink, base);
    if (kind === 'parka') {
      const quilt = [170, 220, 270, 320, 370, 420, 470, 520].map((y) => stroke(`M150,${y} Q300,${y + 10} 450,${y}`, ink.line, 1.5, ' opacity="0.55"')).join('');
      front += `<g clip-path="url(#body-clip)">${quilt}</g>`;
      back += `<g clip-path="url(#body-clip)">${quilt}</g>`;
    }
    front +=
      stroke(`M300,${frontNeck} L300,${hem + 4}`, ink.dark, 5) +
      `<rect x="294" y="${frontNeck + 6}" width="12" height="24" rx="3" fill="#c9ccd1" stroke="${ink.dark}"/>` +
      both((m) => stroke(`M${pt(m([346, 330]))} L${pt(m([378, 420]))}`, ink.dark, 3)) +
      both((m) => stroke(`M${pt(m([520, 420]))} L${pt(m([480, 430]))}`, ink.dark, 3));
  }
  const focus: Pt = kind === 'hoodie' || kind === 'sweatshirt' ? [300, 420] : [330, 150];
  return { body, under, front, back, focus };
}

function bottomsDrawing(kind: GarmentKind, ink: Ink, base: string): Drawing {
  if (kind === 'leggings' || kind === 'shortLeggings') {
    const segs: Seg[] = kind === 'leggings'
      ? [{ to: [386, 80] }, { to: [406, 300], c: [410, 170] }, { to: [376, 548] }, { to: [326, 550] }, { to: [304, 246], c: [312, 300] }, { to: [300, 240] }]
      : [{ to: [386, 80] }, { to: [412, 336], c: [410, 200] }, { to: [318, 340] }, { to: [303, 246] }, { to: [300, 240] }];
    const band = `<path d="M214,80 L386,80 L389,124 L211,124 Z" fill="${shade(base, -0.12)}" stroke="${ink.line}" stroke-width="2"/>`;
    const seams = both((m) => stitches(`M${pt(m([396, 140]))} Q${pt(m([404, 300]))} ${pt(m(kind === 'leggings' ? [372, 536] : [404, 326]))}`, ink));
    return { body: mirrored([300, 80], segs), front: band + seams + stitches('M300,124 L300,236', ink), back: band + seams + label(86), focus: [330, 110] };
  }
  const narrowHem = kind === 'jogger';
  const segs: Seg[] = [
    { to: [398, 78] },
    { to: [428, 300], c: [422, 150] },
    { to: narrowHem ? [410, 548] : [420, 548] },
    { to: narrowHem ? [346, 550] : [336, 550] },
    { to: [308, 244], c: [326, 300] },
    { to: [300, 236] },
  ];
  const thread = kind === 'jeans' ? { ...ink, stitch: '#d9a441' } : ink;
  const band = `<path d="M202,78 L398,78 L399,104 L201,104 Z" fill="${shade(base, -0.08)}" stroke="${ink.line}" stroke-width="2"/>`;
  const loops = [222, 262, 338, 378].map((x) => `<rect x="${x - 4}" y="74" width="8" height="34" rx="2" fill="${shade(base, -0.15)}" stroke="${ink.line}" stroke-width="1"/>`).join('');
  const cuffs = narrowHem ? both((m) => stroke(`M${pt(m([410, 526]))} L${pt(m([346, 528]))}`, ink.dark, 3)) : both((m) => stitches(`M${pt(m([418, 534]))} L${pt(m([338, 536]))}`, thread));
  const cargo = kind === 'cargo' ? both((m) => `<path d="M${pt(m([372, 300]))} L${pt(m([424, 300]))} L${pt(m([426, 384]))} L${pt(m([374, 384]))} Z M${pt(m([372, 300]))} L${pt(m([424, 300]))} L${pt(m([424, 320]))} L${pt(m([372, 320]))} Z" fill="${shade(base, -0.06)}" stroke="${ink.line}" stroke-width="2"/>`) : '';
  const front =
    band + loops + cuffs + cargo +
    stitches('M314,104 L314,190 Q314,208 300,214', thread) +
    both((m) => stitches(`M${pt(m([360, 104]))} Q${pt(m([366, 150]))} ${pt(m([412, 160]))}`, thread)) +
    (kind === 'jogger' ? stroke('M286,84 L280,140', ink.light, 4) + stroke('M314,84 L320,140', ink.light, 4) : '');
  const back =
    band + loops + cuffs + label(84) +
    both((m) => `<path d="M${pt(m([330, 150]))} L${pt(m([392, 146]))} L${pt(m([392, 214]))} L${pt(m([361, 230]))} L${pt(m([330, 214]))} Z" fill="none" stroke="${thread.stitch}" stroke-width="2" stroke-dasharray="7 5"/>`);
  return { body: mirrored([300, 78], segs), front, back, focus: [340, 140] };
}

function otherDrawing(kind: GarmentKind, ink: Ink, base: string): Drawing {
  if (kind === 'overall') {
    const segs: Seg[] = [
      { to: [346, 92], c: [338, 110] }, { to: [428, 116] }, { to: [470, 160], c: [458, 124] }, { to: [520, 400] }, { to: [482, 410] },
      { to: [434, 250] }, { to: [432, 548] }, { to: [340, 552] }, { to: [306, 352], c: [322, 400] }, { to: [300, 346] },
    ];
    const belt = `<path d="M168,292 L432,292 L432,316 L168,316 Z" fill="${shade(base, -0.1)}" stroke="${ink.line}" stroke-width="2"/>`;
    const front =
      belt + stroke('M300,114 L300,340', ink.dark, 4) +
      both((m) => `<rect x="${m([384, 0])[0] - (m === mirror ? 0 : 56)}" y="160" width="56" height="62" fill="none" stroke="${ink.stitch}" stroke-width="2" stroke-dasharray="7 5"/>`) +
      both((m) => stitches(`M${pt(m([512, 370]))} L${pt(m([476, 380]))}`, ink));
    return { body: mirrored([300, 114], segs), front, back: belt + label(100), focus: [330, 170] };
  }
  if (kind === 'vest') {
    const segs: Seg[] = [{ to: [346, 92] }, { to: [398, 104] }, { to: [428, 240], c: [392, 200] }, { to: [432, 512] }, { to: [300, 518], c: [366, 518] }];
    const pockets = [[214, 250], [330, 250], [214, 360], [330, 360], [236, 170]]
      .map(([x, y]) => `<rect x="${x}" y="${y}" width="56" height="64" rx="3" fill="${shade(base, -0.06)}" stroke="${ink.line}" stroke-width="2"/>` + stitches(`M${x + 4},${y + 14} L${x + 52},${y + 14}`, ink))
      .join('');
    return { body: mirrored([300, 196], segs), front: pockets + stroke('M300,196 L300,514', ink.dark, 4), back: label(96) + stitches('M180,180 Q300,196 420,180', ink), focus: [330, 230] };
  }
  // dresses
  const [hemX, hemY] = kind === 'longDress' ? [472, 562] : kind === 'shortDress' ? [428, 420] : [456, 492];
  const segs = (neck: number): Seg[] => [
    { to: [338, 84], c: [330, neck] }, { to: [370, 84] }, { to: [398, 182], c: [370, 150] }, { to: [378, 290], c: [400, 240] },
    { to: [hemX, hemY] }, { to: [300, hemY + 10], c: [(300 + hemX) / 2, hemY + 12] },
  ];
  const waist = stroke('M222,290 L378,290', ink.line, 2) + stitches('M224,298 L376,298', ink);
  const folds = [-1, 1].map((s) => stroke(`M${300 + s * 40},300 L${300 + s * (hemX - 300) * 0.62},${hemY}`, ink.line, 1.5, ' opacity="0.45"')).join('');
  return {
    body: mirrored([300, 120], segs(120)),
    front: waist + folds + stroke('M262,84 Q270,116 300,120 Q330,116 338,84', ink.dark, 4),
    back: waist + folds + stroke('M300,100 L300,286', ink.dark, 3) + `<rect x="296" y="100" width="8" height="16" rx="2" fill="#c9ccd1"/>`,
    focus: [320, 240],
  };
}

function drawingOf(kind: GarmentKind, ink: Ink, base: string): Drawing {
  if (['pants', 'jeans', 'cargo', 'jogger', 'leggings', 'shortLeggings'].includes(kind)) return bottomsDrawing(kind, ink, base);
  if (['overall', 'vest', 'dress', 'longDress', 'shortDress'].includes(kind)) return otherDrawing(kind, ink, base);
  return topDrawing(kind, ink, base);
}

function patternDefs(pattern: Pattern, base: string): string {
  if (pattern === 'floral') {
    const flower = (x: number, y: number, petal: string) =>
      [0, 72, 144, 216, 288].map((a) => `<circle cx="${f(x + 6 * Math.cos((a * Math.PI) / 180))}" cy="${f(y + 6 * Math.sin((a * Math.PI) / 180))}" r="5" fill="${petal}"/>`).join('') +
      `<circle cx="${x}" cy="${y}" r="3.5" fill="#f2c14e"/>`;
    return `<pattern id="print" width="64" height="64" patternUnits="userSpaceOnUse"><ellipse cx="44" cy="18" rx="9" ry="4" fill="#6f9a5b" transform="rotate(-30 44 18)"/><ellipse cx="14" cy="50" rx="9" ry="4" fill="#6f9a5b" transform="rotate(25 14 50)"/>${flower(18, 18, '#d9607f')}${flower(48, 46, '#e99a3f')}</pattern>`;
  }
  if (pattern === 'plaid') {
    return `<pattern id="print" width="56" height="56" patternUnits="userSpaceOnUse"><rect width="56" height="18" fill="#1d1d2b" opacity="0.35"/><rect width="18" height="56" fill="#1d1d2b" opacity="0.35"/><rect y="34" width="56" height="3" fill="#f4d35e" opacity="0.6"/><rect x="34" width="3" height="56" fill="#f4d35e" opacity="0.6"/></pattern>`;
  }
  if (pattern === 'melange') {
    return `<pattern id="print" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="1.5" cy="2" r="1" fill="${shade(base, -0.25)}"/><circle cx="5" cy="5.5" r="1" fill="${shade(base, 0.35)}"/></pattern>`;
  }
  return '';
}

export type View = 'front' | 'back' | 'detail';

/** One of the three pictures of a style as an SVG document (600×600). */
export function garmentSvg(record: Pick<ItemRecord, 'category' | 'subcategory' | 'level3' | 'styleName' | 'colour'>, view: View): string {
  const base = colourHex(record.colour);
  const pattern = patternOf(record.colour);
  const light = luminance(base) > 0.8;
  const ink: Ink = {
    line: light ? '#9aa0a8' : shade(base, -0.45),
    stitch: light ? '#b8bdc4' : shade(base, 0.35),
    dark: light ? '#c3c7cd' : shade(base, -0.25),
    light: shade(base, 0.6),
  };
  const kind = garmentKind(record);
  const d = drawingOf(kind, ink, base);
  const fills =
    `<path d="${d.body}" fill="${base}"/>` +
    (pattern ? `<path d="${d.body}" fill="url(#print)"/>` : '') +
    `<path d="${d.body}" fill="url(#weave)"/><path d="${d.body}" fill="url(#volume)"/>`;
  const garment =
    (view === 'back' ? '' : (d.under ?? '')) +
    fills +
    (view === 'back' ? d.back : d.front) +
    `<path d="${d.body}" fill="none" stroke="${ink.line}" stroke-width="3" stroke-linejoin="round"/>`;
  const placed =
    view === 'detail'
      ? `<g clip-path="url(#frame)"><g transform="translate(300 300) scale(2.6) translate(${-d.focus[0]} ${-d.focus[1]})">${garment}</g></g>` +
        `<rect x="20" y="20" width="560" height="560" rx="28" fill="none" stroke="#ffffff" stroke-width="6"/>`
      : `<ellipse cx="300" cy="572" rx="180" ry="12" fill="#000000" opacity="0.08"/>${garment}`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">` +
    `<defs>` +
    `<radialGradient id="bg" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9ebef"/></radialGradient>` +
    `<linearGradient id="volume" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.7" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>` +
    `<pattern id="weave" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,6 L6,0" stroke="#000000" stroke-opacity="0.06" stroke-width="1"/></pattern>` +
    `<clipPath id="body-clip"><path d="${d.body}"/></clipPath>` +
    `<clipPath id="frame"><rect x="20" y="20" width="560" height="560" rx="28"/></clipPath>` +
    patternDefs(pattern, base) +
    `</defs>` +
    `<rect width="600" height="600" fill="url(#bg)"/>` +
    placed +
    `</svg>\n`
  );
}
