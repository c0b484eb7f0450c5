// The demo catalogue: 65 styles of a Chilean clothing wholesaler in a three-level category tree
// (U_Categoria → U_Subcategoria → U_Nivel3). B1 has no variants, so each size is its own Item
// (ItemCode '<style>-<size>', e.g. 'POL-1001-M') grouped by U_Estilo. All numbers come from a seeded
// PRNG, with a few fixed rows tests can rely on (see STOCK_OVERRIDES). Next season's three styles (NEXT_SEASON) come
// after them with their own PRNG: nothing on hand, everything on purchase orders (purchases.ts).
import { addDays } from './documents';
import { createRng, type Rng } from './prng';
import { TECHNOLOGIES } from './reference';
import type { B1Item, Genero } from './types';

interface CategoryDef {
  name: string;
  prefix: string;
  group: number;
  /** List price range in CLP (prices end in 990). */
  price: [number, number];
  sizes: string[];
  composition: string;
  care: string;
  blurb: string;
}

const CATEGORIES: CategoryDef[] = [
  { name: 'POLERAS', prefix: 'POL', group: 101, price: [4990, 12990], sizes: ['S', 'M', 'L', 'XL'],
    composition: '100% algodón peinado, 180 g/m²', care: 'Lavar a máquina a 30 °C; no usar blanqueador; planchar a temperatura media',
    blurb: 'Corte regular y costuras reforzadas para uso diario.' },
  { name: 'PANTALONES', prefix: 'PAN', group: 102, price: [14990, 29990], sizes: ['38', '40', '42', '44', '46'],
    composition: '98% algodón, 2% elastano', care: 'Lavar del revés con colores similares; no usar secadora',
    blurb: 'Cinco bolsillos, cierre metálico y pretina con presillas.' },
  { name: 'CHAQUETAS', prefix: 'CHA', group: 103, price: [24990, 49990], sizes: ['S', 'M', 'L', 'XL'],
    composition: 'Exterior 100% poliéster; forro 100% poliamida', care: 'Lavar a mano en agua fría; no planchar; no lavar en seco',
    blurb: 'Cierre frontal, bolsillos con cierre y puños ajustables.' },
  { name: 'POLERONES', prefix: 'PLN', group: 104, price: [14990, 27990], sizes: ['S', 'M', 'L', 'XL'],
    composition: '80% algodón, 20% poliéster, franela perchada 280 g/m²', care: 'Lavar a máquina a 30 °C del revés; secar a la sombra',
    blurb: 'Puños y pretina en rib, interior suave perchado.' },
  { name: 'CAMISAS', prefix: 'CAM', group: 105, price: [12990, 24990], sizes: ['S', 'M', 'L', 'XL'],
    composition: '100% algodón', care: 'Lavar a máquina a 40 °C; planchar a temperatura alta',
    blurb: 'Botones de nácar sintético y canesú en la espalda.' },
  { name: 'VESTIDOS', prefix: 'VES', group: 106, price: [14990, 32990], sizes: ['XS', 'S', 'M', 'L'],
    composition: '95% viscosa, 5% elastano', care: 'Lavar a mano en agua fría; secar extendido',
    blurb: 'Caída fluida y forro interior en la falda.' },
  { name: 'CALZAS', prefix: 'CAL', group: 107, price: [7990, 16990], sizes: ['S', 'M', 'L', 'XL'],
    composition: '78% poliamida, 22% elastano', care: 'Lavar a máquina a 30 °C; no usar suavizante',
    blurb: 'Pretina ancha, costuras planas y tejido opaco.' },
  { name: 'ROPA DE TRABAJO', prefix: 'RTR', group: 108, price: [9990, 39990], sizes: ['M', 'L', 'XL', 'XXL'],
    composition: '65% poliéster, 35% algodón, gabardina 240 g/m²', care: 'Lavado industrial hasta 60 °C; no usar cloro',
    blurb: 'Costuras triples y bolsillos reforzados para faenas exigentes.' },
];

/** [style number, name, subcategory, level 3, gender, technologies, colour, sizes?, composition?] */
type StyleRow = [number, string, string, string, Genero, string, string, string[]?, string?];

const STYLES: Record<string, StyleRow[]> = {
  POL: [
    [1001, 'Polera Básica Algodón', 'MANGA CORTA', 'CUELLO REDONDO', 'Unisex', '', 'Blanco'],
    [1002, 'Polera Básica Algodón', 'MANGA CORTA', 'CUELLO REDONDO', 'Unisex', '', 'Negro', ['XS', 'S', 'M', 'L', 'XL', 'XXL']],
    [1003, 'Polera Dry Fit Deportiva', 'MANGA CORTA', 'CUELLO REDONDO', 'Masculino', '1,7', 'Azul Marino', undefined, '100% poliéster microperforado'],
    [1004, 'Polera Dry Fit Deportiva', 'MANGA CORTA', 'CUELLO REDONDO', 'Femenino', '1,7', 'Fucsia', ['XS', 'S', 'M', 'L'], '100% poliéster microperforado'],
    [1005, 'Polera Flamé Cuello V', 'MANGA CORTA', 'CUELLO V', 'Femenino', '', 'Gris Melange', ['XS', 'S', 'M', 'L']],
    [1006, 'Polera Piqué Polo Clásica', 'MANGA CORTA', 'POLO', 'Masculino', '8', 'Verde Botella', undefined, '100% algodón piqué, 220 g/m²'],
    [1007, 'Polera Polo Bordable Trabajo', 'MANGA CORTA', 'POLO', 'Unisex', '3,8', 'Rojo', ['S', 'M', 'L', 'XL', 'XXL'], '50% algodón, 50% poliéster piqué'],
    [1008, 'Polera Térmica Primera Capa', 'MANGA LARGA', 'TÉRMICA', 'Unisex', '4,6', 'Negro', undefined, '92% poliéster, 8% elastano'],
    [1009, 'Polera Manga Larga UV50+', 'MANGA LARGA', 'CUELLO REDONDO', 'Unisex', '1,2,7', 'Celeste', undefined, '100% poliéster con filtro UPF 50+'],
  ],
  PAN: [
    [2001, 'Jeans Slim Fit Elasticado', 'JEANS', 'SLIM', 'Masculino', '4', 'Azul Índigo'],
    [2002, 'Jeans Slim Tiro Alto', 'JEANS', 'SLIM', 'Femenino', '4', 'Azul Claro', ['36', '38', '40', '42', '44']],
    [2003, 'Jeans Recto Clásico', 'JEANS', 'RECTO', 'Masculino', '', 'Azul Oscuro', undefined, '100% algodón denim 14 oz'],
    [2004, 'Pantalón Chino Gabardina', 'GABARDINA', 'CHINO', 'Masculino', '4', 'Beige'],
    [2005, 'Pantalón Chino Gabardina', 'GABARDINA', 'CHINO', 'Masculino', '4', 'Azul Marino'],
    [2006, 'Pantalón Cargo Outdoor', 'GABARDINA', 'CARGO', 'Unisex', '1,2,8', 'Verde Oliva', undefined, '100% nylon ripstop'],
    [2007, 'Pantalón Buzo Jogger', 'DEPORTIVOS', 'BUZO', 'Unisex', '', 'Gris Oscuro', ['S', 'M', 'L', 'XL'], '80% algodón, 20% poliéster'],
    [2008, 'Pantalón Buzo Polar', 'DEPORTIVOS', 'BUZO', 'Femenino', '6', 'Negro', ['XS', 'S', 'M', 'L'], '100% poliéster polar 280 g/m²'],
  ],
  CHA: [
    [3001, 'Cortaviento Liviano Plegable', 'CORTAVIENTO', 'CON CAPUCHA', 'Unisex', '5,7', 'Amarillo'],
    [3002, 'Cortaviento Running Reflectante', 'CORTAVIENTO', 'SIN CAPUCHA', 'Masculino', '1,5,7', 'Negro'],
    [3003, 'Parka Acolchada Invierno', 'PARKAS', 'ACOLCHADA', 'Femenino', '5,6', 'Burdeo', ['XS', 'S', 'M', 'L']],
    [3004, 'Parka Acolchada Invierno', 'PARKAS', 'ACOLCHADA', 'Masculino', '5,6', 'Negro', ['S', 'M', 'L', 'XL', 'XXL']],
    [3005, 'Parka Larga Térmica', 'PARKAS', 'LARGA', 'Femenino', '5,6', 'Camel', ['XS', 'S', 'M', 'L']],
    [3006, 'Chaqueta Softshell Outdoor', 'SOFTSHELL', 'CON CAPUCHA', 'Masculino', '4,5,7', 'Gris Grafito', undefined, '94% poliéster, 6% elastano con membrana'],
    [3007, 'Chaqueta Softshell Outdoor', 'SOFTSHELL', 'CON CAPUCHA', 'Femenino', '4,5,7', 'Turquesa', ['XS', 'S', 'M', 'L'], '94% poliéster, 6% elastano con membrana'],
    [3008, 'Chaqueta Polar Cierre Completo', 'POLAR', 'CIERRE COMPLETO', 'Unisex', '6', 'Azul Petróleo', undefined, '100% poliéster polar 300 g/m²'],
  ],
  PLN: [
    [4001, 'Polerón Canguro Básico', 'CON CAPUCHA', 'CANGURO', 'Unisex', '', 'Gris Melange'],
    [4002, 'Polerón Canguro Básico', 'CON CAPUCHA', 'CANGURO', 'Unisex', '', 'Azul Marino', ['S', 'M', 'L', 'XL', 'XXL']],
    [4003, 'Polerón Canguro Estampado Cordillera', 'CON CAPUCHA', 'CANGURO', 'Masculino', '', 'Negro'],
    [4004, 'Polerón Deportivo Cierre Completo', 'CON CAPUCHA', 'CIERRE', 'Femenino', '1,4', 'Lila', ['XS', 'S', 'M', 'L'], '88% poliéster, 12% elastano'],
    [4005, 'Polerón Deportivo Cierre Completo', 'CON CAPUCHA', 'CIERRE', 'Masculino', '1,4', 'Rojo', undefined, '88% poliéster, 12% elastano'],
    [4006, 'Polerón Franela Cuello Redondo', 'SIN CAPUCHA', 'CUELLO REDONDO', 'Unisex', '', 'Verde Musgo'],
    [4007, 'Polerón Polar Medio Cierre', 'SIN CAPUCHA', 'MEDIO CIERRE', 'Masculino', '6', 'Azul Petróleo', undefined, '100% poliéster polar'],
    [4008, 'Polerón Oversize', 'SIN CAPUCHA', 'CUELLO REDONDO', 'Femenino', '', 'Rosado Palo', ['XS', 'S', 'M', 'L']],
  ],
  CAM: [
    [5001, 'Camisa Oxford Manga Larga', 'MANGA LARGA', 'OXFORD', 'Masculino', '8', 'Celeste'],
    [5002, 'Camisa Oxford Manga Larga', 'MANGA LARGA', 'OXFORD', 'Masculino', '8', 'Blanco', ['S', 'M', 'L', 'XL', 'XXL']],
    [5003, 'Camisa Franela Leñadora', 'MANGA LARGA', 'FRANELA', 'Unisex', '6', 'Rojo Escocés'],
    [5004, 'Blusa Camisera Popelina', 'MANGA LARGA', 'POPELINA', 'Femenino', '', 'Blanco', ['XS', 'S', 'M', 'L']],
    [5005, 'Camisa Lino Manga Corta', 'MANGA CORTA', 'LINO', 'Masculino', '7', 'Arena', undefined, '55% lino, 45% algodón'],
    [5006, 'Camisa Lino Manga Corta', 'MANGA CORTA', 'LINO', 'Femenino', '7', 'Verde Agua', ['XS', 'S', 'M', 'L'], '55% lino, 45% algodón'],
    [5007, 'Camisa Outdoor Secado Rápido', 'MANGA CORTA', 'OUTDOOR', 'Masculino', '1,2', 'Caqui', undefined, '100% poliamida'],
    [5008, 'Camisa Mezclilla', 'MANGA LARGA', 'MEZCLILLA', 'Femenino', '', 'Azul Claro', ['XS', 'S', 'M', 'L']],
  ],
  VES: [
    [6001, 'Vestido Midi Floreado', 'CASUAL', 'MIDI', 'Femenino', '', 'Estampado Floral'],
    [6002, 'Vestido Camisero Midi', 'CASUAL', 'MIDI', 'Femenino', '', 'Verde Oliva', undefined, '100% algodón popelina'],
    [6003, 'Vestido Corto de Punto', 'CASUAL', 'CORTO', 'Femenino', '', 'Negro'],
    [6004, 'Vestido Corto de Lino', 'CASUAL', 'CORTO', 'Femenino', '7', 'Blanco', undefined, '100% lino'],
    [6005, 'Vestido Largo Satinado', 'FIESTA', 'LARGO', 'Femenino', '', 'Azul Rey', undefined, '100% poliéster satín'],
    [6006, 'Vestido Largo de Gasa', 'FIESTA', 'LARGO', 'Femenino', '', 'Burdeo', undefined, '100% poliéster gasa'],
    [6007, 'Vestido Cóctel Tubo', 'FIESTA', 'CÓCTEL', 'Femenino', '4', 'Negro'],
    [6008, 'Vestido Deportivo Tenis', 'DEPORTIVO', 'CORTO', 'Femenino', '1,2,4', 'Blanco', undefined, '87% poliéster, 13% elastano'],
  ],
  CAL: [
    [7001, 'Calza Deportiva Tiro Alto', 'DEPORTIVAS', 'LARGA', 'Femenino', '1,4', 'Negro', ['XS', 'S', 'M', 'L', 'XL']],
    [7002, 'Calza Deportiva Tiro Alto', 'DEPORTIVAS', 'LARGA', 'Femenino', '1,4', 'Azul Marino'],
    [7003, 'Calza Yoga 7/8', 'DEPORTIVAS', '7/8', 'Femenino', '4,7', 'Morado'],
    [7004, 'Calza Ciclista Corta', 'DEPORTIVAS', 'CORTA', 'Femenino', '1,4', 'Negro'],
    [7005, 'Calza Térmica Afelpada', 'TÉRMICAS', 'AFELPADA', 'Femenino', '4,6', 'Gris Oscuro'],
    [7006, 'Calza Térmica Primera Capa', 'TÉRMICAS', 'PRIMERA CAPA', 'Masculino', '1,6', 'Negro', ['S', 'M', 'L', 'XL', 'XXL']],
    [7007, 'Calza Running Compresión', 'DEPORTIVAS', 'LARGA', 'Masculino', '1,4,7', 'Negro'],
    [7008, 'Calza Maternal Algodón', 'ALGODÓN', 'MATERNAL', 'Femenino', '4', 'Negro', undefined, '92% algodón, 8% elastano'],
  ],
  RTR: [
    [8001, 'Overol Piloto Gabardina', 'OVEROLES', 'PILOTO', 'Masculino', '8', 'Azul Marino'],
    [8002, 'Overol Ignífugo', 'OVEROLES', 'IGNÍFUGO', 'Unisex', '8', 'Naranjo', undefined, '100% algodón con tratamiento ignífugo'],
    [8003, 'Camisa Grafa Manga Larga', 'CAMISAS', 'GRAFA', 'Masculino', '8', 'Beige'],
    [8004, 'Camisa Grafa Manga Larga', 'CAMISAS', 'GRAFA', 'Masculino', '8', 'Azul Francia'],
    [8005, 'Chaqueta Alta Visibilidad Reflectante', 'CHAQUETAS', 'ALTA VISIBILIDAD', 'Unisex', '5', 'Amarillo Flúor', undefined, '100% poliéster Oxford con cintas reflectantes'],
    [8006, 'Chaqueta Térmica de Trabajo', 'CHAQUETAS', 'TÉRMICA', 'Masculino', '5,6', 'Negro'],
    [8007, 'Pantalón Cargo Trabajo Reforzado', 'PANTALONES', 'CARGO', 'Masculino', '8', 'Gris', ['40', '42', '44', '46', '48']],
    [8008, 'Chaleco Geólogo Multibolsillo', 'CHALECOS', 'GEÓLOGO', 'Unisex', '8', 'Caqui'],
  ],
};

/**
 * Fixed stock rows ([InStock, Committed, Ordered] per size) that tests and demos can rely on:
 * POL-1001 has stock in S/M/L and none in XL, no commitments; VES-6003 is sold out in every size;
 * CHA-3003-XS and PAN-2003-46 are out of stock with a purchase on the way.
 */
export const STOCK_OVERRIDES: Record<string, [number, number, number]> = {
  'POL-1001-S': [120, 0, 0], 'POL-1001-M': [240, 0, 0], 'POL-1001-L': [180, 0, 0], 'POL-1001-XL': [0, 0, 0],
  'VES-6003-XS': [0, 0, 0], 'VES-6003-S': [0, 0, 0], 'VES-6003-M': [0, 0, 0], 'VES-6003-L': [0, 0, 0],
  'CHA-3003-XS': [0, 0, 60], 'PAN-2003-46': [0, 0, 36],
};

/** Styles the seeded order history never uses, so their Committed stays as in STOCK_OVERRIDES. */
export const UNTOUCHED_STYLES = ['POL-1001', 'VES-6003'];

const techNames = (ids: string): string =>
  ids.split(',').map((id) => TECHNOLOGIES.find((t) => t.id === Number(id))?.name).filter(Boolean).join(', ');

const capital = (s: string): string => s.charAt(0) + s.slice(1).toLowerCase();

function priceIn(rng: Rng, [min, max]: [number, number]): number {
  const steps = Math.round((max - min) / 1000);
  return min + rng.int(0, steps) * 1000;
}

interface StyleSpec {
  code: string; name: string; category: CategoryDef; sub: string; n3: string; gender: Genero;
  techs: string; color: string; sizes: string[]; composition: string; price: number;
  /** U_Modelo: the styles of one garment in several colours share it. */
  model: string;
}

/**
 * The model of each demo style: styles of one category with the same name and gender are colours of one garment
 * (POL-1001 Blanco and POL-1002 Negro are the 'Polera Básica Algodón'), named after the first one's number.
 */
function demoModels(): Map<string, string> {
  const models = new Map<string, string>();
  const first = new Map<string, string>();
  for (const [prefix, rows] of Object.entries(STYLES)) {
    for (const [num, name, , , gender] of rows) {
      const key = `${prefix}|${name}|${gender}`;
      if (!first.has(key)) first.set(key, `MOD-${num}`);
      models.set(`${prefix}-${num}`, first.get(key)!);
    }
  }
  return models;
}

/** The reference date the demo data is built around when none is given (data.ts REFERENCE_DATE). */
const DEFAULT_REFERENCE_DATE = '2026-11-01';

/**
 * When an item's master data last changed, as B1 keeps it (UpdateDate, UpdateTime): a day 1 to 540 days before the
 * reference date and a time in working hours, both from the ItemCode alone, so the PRNG's sequence (prices, stock)
 * stays what it was before the stamps existed.
 */
export function changeStamp(itemCode: string, referenceDate = DEFAULT_REFERENCE_DATE): { UpdateDate: string; UpdateTime: string } {
  let hash = 0x811c9dc5;
  for (let i = 0; i < itemCode.length; i++) hash = Math.imul(hash ^ itemCode.charCodeAt(i), 0x01000193) >>> 0;
  const seconds = 8 * 3600 + (hash % (12 * 3600));
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    UpdateDate: addDays(referenceDate, -(1 + ((hash >>> 8) % 540))),
    UpdateTime: `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`,
  };
}

function buildItems(style: StyleSpec, rng: Rng, referenceDate: string): B1Item[] {
  const { category } = style;
  const techText = style.techs ? `\nTecnologías: ${techNames(style.techs)}.` : '';
  const description = `${style.name} color ${style.color.toLowerCase()}.\n${category.blurb}\n`
    + `Línea ${capital(category.name)} / ${capital(style.sub)} / ${capital(style.n3)}, ${style.gender.toLowerCase()}.${techText}`;
  const specification = `Composición: ${style.composition}\nCuidado: ${category.care}\nTallas: ${style.sizes.join(', ')}\nOrigen: Importado`;
  return style.sizes.map((size, i) => {
    const code = `${style.code}-${size}`;
    const fixed = STOCK_OVERRIDES[code];
    let inStock: number; let committed: number; let ordered: number;
    if (fixed) {
      [inStock, committed, ordered] = fixed;
      rng.next(); rng.next(); rng.next();
    } else {
      inStock = rng.chance(0.15) ? 0 : rng.int(1, 40) * 6;
      committed = inStock > 0 ? Math.floor(inStock * rng.next() * 0.3) : 0;
      ordered = rng.chance(0.3) ? rng.int(2, 20) * 6 : 0;
    }
    // Big sizes cost a little more, as usual in the trade.
    const price = style.price + (size === 'XXL' || size === '48' ? 1000 : 0);
    return {
      ItemCode: code,
      ItemName: `${style.name} ${style.color} T-${size}`,
      ForeignName: style.name,
      ItemsGroupCode: category.group,
      QuantityOnStock: inStock,
      InventoryItem: 'tYES',
      SalesItem: 'tYES',
      PurchaseItem: 'tYES',
      Valid: 'tYES',
      Frozen: 'tNO',
      SalesUnit: 'UN',
      BarCode: `780${String(category.group)}${style.code.slice(4).padStart(5, '0')}${String(i).padStart(2, '0')}`.slice(0, 13),
      ItemPrices: [{ PriceList: 1, Price: price, Currency: 'CLP' }],
      ItemWarehouseInfoCollection: [{ WarehouseCode: '01', InStock: inStock, Committed: committed, Ordered: ordered }],
      U_Estilo: style.code,
      U_Talla: size,
      U_Color: style.color,
      U_Modelo: style.model,
      U_Genero: style.gender,
      U_Categoria: category.name,
      U_Subcategoria: style.sub,
      U_Nivel3: style.n3,
      U_Tecnologias: style.techs || null,
      U_DescripcionLarga: description,
      U_Especificacion: specification,
      ...changeStamp(code, referenceDate),
    };
  });
}

/** The 65 demo styles (about 280 Items), always the same for the same reference date. */
export function buildDemoCatalogue(referenceDate = DEFAULT_REFERENCE_DATE): B1Item[] {
  const rng = createRng(20261101);
  const models = demoModels();
  const items: B1Item[] = [];
  for (const category of CATEGORIES) {
    for (const [num, name, sub, n3, gender, techs, color, sizes, composition] of STYLES[category.prefix]) {
      const code = `${category.prefix}-${num}`;
      items.push(...buildItems({
        code, name, category, sub, n3, gender, techs, color, model: models.get(code)!,
        sizes: sizes ?? category.sizes, composition: composition ?? category.composition, price: priceIn(rng, category.price),
      }, rng, referenceDate));
    }
  }
  return items;
}

/**
 * Next season's demo styles ([style number, name, subcategory, level 3, gender, technologies, colour] per category
 * prefix): nothing on hand, nothing committed, all their stock on purchase orders (purchases.ts). Built after the 65
 * styles with their own PRNG, so no other Item moves.
 */
const NEXT_SEASON: Record<string, StyleRow> = {
  POL: [1101, 'Polera Lino Verano', 'MANGA CORTA', 'CUELLO REDONDO', 'Unisex', '7', 'Verde Salvia', undefined, '55% lino, 45% algodón'],
  VES: [6101, 'Vestido Solero Algodón', 'CASUAL', 'MIDI', 'Femenino', '', 'Amarillo Mostaza', undefined, '100% algodón voile'],
  CHA: [3101, 'Cortaviento Verano Ultraliviano', 'CORTAVIENTO', 'SIN CAPUCHA', 'Unisex', '5,7', 'Coral'],
};

/** The style codes of next season ('POL-1101', 'VES-6101', 'CHA-3101'). */
export const NEXT_SEASON_STYLES: readonly string[] = Object.entries(NEXT_SEASON).map(([prefix, [num]]) => `${prefix}-${num}`);

/**
 * Next season's Items (three styles, sizes as their category): InStock 0, Committed 0, and an Ordered per size that
 * purchases.ts puts on purchase orders 5 to 9 weeks away. Own PRNG: the demo catalogue's numbers stay as they were.
 */
export function buildNextSeasonCatalogue(referenceDate = DEFAULT_REFERENCE_DATE): B1Item[] {
  const rng = createRng(20270301);
  const items: B1Item[] = [];
  for (const [prefix, [num, name, sub, n3, gender, techs, color, sizes, composition]] of Object.entries(NEXT_SEASON)) {
    const category = CATEGORIES.find((c) => c.prefix === prefix)!;
    const code = `${prefix}-${num}`;
    const built = buildItems({
      code, name, category, sub, n3, gender, techs, color, model: `MOD-${num}`,
      sizes: sizes ?? category.sizes, composition: composition ?? category.composition, price: priceIn(rng, category.price),
    }, rng, referenceDate);
    for (const item of built) {
      const wh = item.ItemWarehouseInfoCollection[0]!;
      wh.InStock = 0;
      wh.Committed = 0;
      wh.Ordered = rng.int(4, 20) * 6;
      item.QuantityOnStock = 0;
    }
    items.push(...built);
  }
  return items;
}

const GEN_COLORS = ['Negro', 'Blanco', 'Azul Marino', 'Gris Melange', 'Rojo', 'Verde Oliva', 'Beige', 'Burdeo', 'Celeste', 'Mostaza'];

/**
 * Exactly `count` extra Items ('GEN-00001-S' …), four or five sizes per generated style, for load tests and benches
 * (20,000 or 100,000: `startB1Mock({ catalogueSize })`, `B1_MOCK_CATALOGUE_SIZE`). With `modelColours` above 1, the
 * generated styles of one category come as models of that many colours ('GEN-M1-003', its colours 'Negro 1',
 * 'Blanco 1' …): a colour × size grid of `modelColours` rows (`B1_MOCK_MODEL_COLOURS`). Prices, stock and the other
 * fields are the same either way.
 */
export function buildGeneratedCatalogue(count: number, referenceDate = DEFAULT_REFERENCE_DATE, modelColours = 1): B1Item[] {
  const rng = createRng(777);
  const items: B1Item[] = [];
  const perModel = Math.max(1, Math.trunc(modelColours));
  for (let n = 1; items.length < count; n++) {
    const category = CATEGORIES[(n - 1) % CATEGORIES.length];
    const round = Math.floor((n - 1) / CATEGORIES.length);
    const sample = STYLES[category.prefix][round % STYLES[category.prefix].length];
    const [, baseName, sub, n3, gender, techs] = sample;
    const code = `GEN-${String(n).padStart(5, '0')}`;
    const picked = rng.pick(GEN_COLORS);
    const model = perModel > 1 ? Math.floor(round / perModel) : 0;
    const style: StyleSpec = {
      code, name: perModel > 1 ? `${baseName} Modelo ${(n - 1) % CATEGORIES.length + 1}-${model + 1}` : `${baseName} Modelo ${n}`,
      category, sub, n3, gender, techs,
      color: perModel > 1 ? `${GEN_COLORS[(round % perModel) % GEN_COLORS.length]} ${Math.floor((round % perModel) / GEN_COLORS.length) + 1}` : picked,
      sizes: category.sizes, composition: category.composition, price: priceIn(rng, category.price),
      model: perModel > 1 ? `GEN-M${(n - 1) % CATEGORIES.length + 1}-${String(model + 1).padStart(3, '0')}` : code,
    };
    items.push(...buildItems(style, rng, referenceDate).slice(0, count - items.length));
  }
  return items;
}

/** The category tree (category → subcategory → level 3) of a list of Items. */
export function categoryTree(items: B1Item[]): Record<string, Record<string, string[]>> {
  const tree: Record<string, Record<string, string[]>> = {};
  for (const item of items) {
    const subs = (tree[item.U_Categoria] ??= {});
    const n3 = (subs[item.U_Subcategoria] ??= []);
    if (!n3.includes(item.U_Nivel3)) n3.push(item.U_Nivel3);
  }
  return tree;
}
