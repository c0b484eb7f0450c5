import { garmentSvg } from './garments';
import { escapeXml } from './sizeGuide';

// The demo's home banner set: three wide pictures (1600×500) with the brand and a Spanish headline.

interface BannerDesign {
  headline: string;
  subline: string;
  cta: string;
  from: string;
  to: string;
  accent: string;
  garments: { category: string; subcategory: string; level3: string; styleName: string; colour: string }[];
}

const DESIGNS: BannerDesign[] = [
  {
    headline: 'Nueva temporada',
    subline: 'Parkas, polerones y térmicos para el invierno 2026',
    cta: 'Ver catálogo',
    from: '#1f3a5f', to: '#3f6e9c', accent: '#f2c14e',
    garments: [
      { category: 'CHAQUETAS', subcategory: 'PARKAS', level3: 'ACOLCHADA', styleName: 'Parka', colour: 'Burdeo' },
      { category: 'POLERONES', subcategory: 'CON CAPUCHA', level3: 'CANGURO', styleName: 'Polerón', colour: 'Gris Melange' },
      { category: 'PANTALONES', subcategory: 'JEANS', level3: 'SLIM', styleName: 'Jeans', colour: 'Azul Índigo' },
    ],
  },
  {
    headline: 'Ofertas mayoristas',
    subline: 'Hasta 40% de descuento en estilos seleccionados',
    cta: 'Comprar por volumen',
    from: '#8e1d3a', to: '#d6455b', accent: '#ffe08a',
    garments: [
      { category: 'VESTIDOS', subcategory: 'CASUAL', level3: 'MIDI', styleName: 'Vestido', colour: 'Estampado Floral' },
      { category: 'POLERAS', subcategory: 'MANGA CORTA', level3: 'POLO', styleName: 'Polera Polo', colour: 'Blanco' },
      { category: 'CAMISAS', subcategory: 'MANGA LARGA', level3: 'FRANELA', styleName: 'Camisa', colour: 'Rojo Escocés' },
    ],
  },
  {
    headline: 'Ropa de trabajo',
    subline: 'Overoles, chaquetas y cargo · despacho a todo Chile',
    cta: 'Cotiza tu pedido',
    from: '#2f3b2a', to: '#5b6b34', accent: '#f3c623',
    garments: [
      { category: 'ROPA DE TRABAJO', subcategory: 'CHAQUETAS', level3: 'ALTA VISIBILIDAD', styleName: 'Chaqueta', colour: 'Amarillo Flúor' },
      { category: 'ROPA DE TRABAJO', subcategory: 'OVEROLES', level3: 'PILOTO', styleName: 'Overol', colour: 'Azul Marino' },
      { category: 'ROPA DE TRABAJO', subcategory: 'CHALECOS', level3: 'GEÓLOGO', styleName: 'Chaleco', colour: 'Caqui' },
    ],
  },
];

/** The garment drawing without its background and document wrapper, to place inside a banner. */
function garmentInline(g: BannerDesign['garments'][number], index: number): string {
  const svg = garmentSvg(g, 'front');
  const inner = svg.slice(svg.indexOf('<defs>'), svg.lastIndexOf('</svg>'))
    .replace('<rect width="600" height="600" fill="url(#bg)"/>', '')
    // each inlined drawing gets its own ids
    .replace(/id="([\w-]+)"/g, `id="g${index}-$1"`)
    .replace(/url\(#([\w-]+)\)/g, `url(#g${index}-$1)`);
  return inner;
}

export const BANNER_COUNT = DESIGNS.length;

export function bannerSvg(index: number, brand: string): string {
  const d = DESIGNS[index % DESIGNS.length]!;
  const garments = d.garments
    .map((g, i) => `<g transform="translate(${790 + i * 240} ${70 + (i % 2) * 24}) scale(0.62)">${garmentInline(g, i)}</g>`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 500" width="1600" height="500" font-family="Helvetica, Arial, sans-serif">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${d.from}"/><stop offset="1" stop-color="${d.to}"/></linearGradient></defs>` +
    `<rect width="1600" height="500" fill="url(#sky)"/>` +
    `<circle cx="1180" cy="250" r="300" fill="#ffffff" opacity="0.08"/><circle cx="1420" cy="80" r="160" fill="#ffffff" opacity="0.06"/>` +
    `<path d="M0,430 L260,330 L420,400 L640,270 L860,410 L1100,300 L1340,420 L1600,320 L1600,500 L0,500 Z" fill="#000000" opacity="0.12"/>` +
    garments +
    `<text x="96" y="112" font-size="26" font-weight="700" letter-spacing="6" fill="${d.accent}">${escapeXml(brand.toUpperCase())}</text>` +
    `<text x="92" y="222" font-size="82" font-weight="700" fill="#ffffff">${escapeXml(d.headline)}</text>` +
    `<text x="96" y="280" font-size="30" fill="#ffffff" opacity="0.9">${escapeXml(d.subline)}</text>` +
    `<rect x="96" y="326" width="${d.cta.length * 15 + 64}" height="58" rx="29" fill="${d.accent}"/>` +
    `<text x="${96 + 32}" y="364" font-size="24" font-weight="700" fill="#1d1d1f">${escapeXml(d.cta)}</text>` +
    `</svg>\n`
  );
}
