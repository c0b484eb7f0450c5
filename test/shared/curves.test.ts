import { completePacks, curveFits, defaultCurvesFor, EVEN_CURVE_ID, fillCurve, formatCurve, packCount, packUnits, type FillColour } from '@shared/curves';
import { curveSchema, CURVE_MSG, packsSchema } from '@shared/schemas/curves';

const S1M2L2XL1 = [{ talla: 'S', ratio: 1 }, { talla: 'M', ratio: 2 }, { talla: 'L', ratio: 2 }, { talla: 'XL', ratio: 1 }];

const colour = (key: string, stock: Record<string, number>): FillColour => ({
  key,
  color: `Color ${key}`,
  cells: Object.entries(stock).map(([talla, s]) => ({ sku: `${key}-${talla}`, talla, stock: s })),
});

describe('fillCurve: ratio × packs per colour, clamped to each size stock', () => {
  it('fills ratio × packs when every size has the stock', () => {
    const fill = fillCurve(S1M2L2XL1, { A: 3 }, [colour('A', { S: 10, M: 10, L: 10, XL: 10 })]);
    expect(fill.quantities).toEqual({ 'A-S': 3, 'A-M': 6, 'A-L': 6, 'A-XL': 3 });
    expect(fill.shortfalls).toEqual([]);
    expect(fill).toMatchObject({ wanted: 18, filled: 18, filledColours: ['A'] });
  });

  it('clamps a size to its stock and says what could not be filled, and why', () => {
    const fill = fillCurve(S1M2L2XL1, { A: 2, B: 1 }, [colour('A', { S: 5, M: 3, L: 0, XL: 9 }), colour('B', { S: 1, M: 2, L: 2 })]);
    expect(fill.quantities).toEqual({ 'A-S': 2, 'A-M': 3, 'A-L': 0, 'A-XL': 2, 'B-S': 1, 'B-M': 2, 'B-L': 2 });
    expect(fill.shortfalls).toEqual([
      { key: 'A', color: 'Color A', talla: 'M', sku: 'A-M', wanted: 4, filled: 3, stock: 3, reason: 'shortStock' },
      { key: 'A', color: 'Color A', talla: 'L', sku: 'A-L', wanted: 4, filled: 0, stock: 0, reason: 'noStock' },
      { key: 'B', color: 'Color B', talla: 'XL', sku: null, wanted: 1, filled: 0, stock: 0, reason: 'missingSize' },
    ]);
    expect(fill.wanted).toBe(12 + 6);
    expect(fill.filled).toBe(2 + 3 + 0 + 2 + 5);
  });

  it('zeroes the sizes of a filled colour outside the curve and leaves colours without packs alone', () => {
    const fill = fillCurve([{ talla: 'm', ratio: 1 }], { A: 1, B: 0, C: '' }, [colour('A', { S: 4, M: 4 }), colour('B', { M: 4 }), colour('C', { M: 4 })]);
    expect(fill.quantities).toEqual({ 'A-S': 0, 'A-M': 1 });
    expect(fill.filledColours).toEqual(['A']);
  });

  it('takes packs typed as text, ignores nonsense and caps them', () => {
    expect(packCount('4')).toBe(4);
    expect(packCount(' 2.7 ')).toBe(2);
    expect(packCount('-3')).toBe(0);
    expect(packCount('abc')).toBe(0);
    expect(packCount(100000)).toBe(999);
    const fill = fillCurve([{ talla: 'S', ratio: 2 }], { A: '5' }, [colour('A', { S: 100 })]);
    expect(fill.quantities).toEqual({ 'A-S': 10 });
  });

  it('adds up a size named twice in a curve and skips ratios that are not positive', () => {
    const fill = fillCurve([{ talla: 'S', ratio: 1 }, { talla: 's', ratio: 2 }, { talla: 'M', ratio: 0 }], { A: 1 }, [colour('A', { S: 9, M: 9 })]);
    expect(fill.quantities).toEqual({ 'A-S': 3, 'A-M': 0 });
  });

  it('counts the whole packs a colour stock allows', () => {
    expect(completePacks(S1M2L2XL1, colour('A', { S: 10, M: 7, L: 9, XL: 10 }).cells)).toBe(3);
    expect(completePacks(S1M2L2XL1, colour('A', { S: 10, M: 7, L: 9 }).cells)).toBe(0);
    expect(completePacks([], colour('A', { S: 10 }).cells)).toBe(0);
  });
});

describe('default curves', () => {
  it('suggests the curves whose sizes the product has, widest first, then one of each size', () => {
    const curves = defaultCurvesFor(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(curves[0].id).toBe('default:xs-xxl');
    expect(curves.map((c) => c.id)).toEqual(expect.arrayContaining(['default:s-xl', 'default:xs-l', 'default:m-xxl']));
    expect(curves.at(-1)).toMatchObject({ id: EVEN_CURVE_ID, sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((talla) => ({ talla, ratio: 1 })) });
    expect(curves.some((c) => c.id === 'default:38-46')).toBe(false);
  });

  it('fits trousers with the waist curves only', () => {
    expect(defaultCurvesFor(['38', '40', '42', '44', '46']).map((c) => c.id)).toEqual(['default:38-46', EVEN_CURVE_ID]);
    expect(defaultCurvesFor([])).toEqual([]);
    expect(curveFits([], ['S'])).toBe(false);
  });

  it('formats a curve and counts its units', () => {
    expect(formatCurve(S1M2L2XL1)).toBe('S:1 M:2 L:2 XL:1');
    expect(packUnits(S1M2L2XL1)).toBe(6);
  });
});

describe('curve schema (shared by the form and the server)', () => {
  it('accepts a named curve of whole ratios', async () => {
    await expect(curveSchema.validate({ name: ' Mi curva ', sizes: S1M2L2XL1 })).resolves.toMatchObject({ name: 'Mi curva' });
  });

  it.each([
    [{ name: '', sizes: S1M2L2XL1 }, CURVE_MSG.nameRequired],
    [{ name: 'x'.repeat(61), sizes: S1M2L2XL1 }, CURVE_MSG.nameTooLong],
    [{ name: 'A', sizes: [] }, CURVE_MSG.sizesRequired],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 0 }] }, CURVE_MSG.ratio],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 1.5 }] }, CURVE_MSG.ratio],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 100 }] }, CURVE_MSG.ratio],
    [{ name: 'A', sizes: [{ talla: '<b>', ratio: 1 }] }, CURVE_MSG.talla],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 1 }, { talla: ' s', ratio: 1 }] }, 'La talla s está repetida en la curva'],
    [{ name: 'A', sizes: Array.from({ length: 21 }, (_, i) => ({ talla: String(30 + i), ratio: 1 })) }, CURVE_MSG.tooManySizes],
  ])('rejects %j', async (body, message) => {
    await expect(curveSchema.validate(body)).rejects.toThrow(message);
  });

  it('reads packs: empty is none, whole numbers 0 to 999', async () => {
    await expect(packsSchema.validate('')).resolves.toBe(0);
    await expect(packsSchema.validate('12')).resolves.toBe(12);
    await expect(packsSchema.validate('1000')).rejects.toThrow(CURVE_MSG.packs);
    await expect(packsSchema.validate('-1')).rejects.toThrow(CURVE_MSG.packs);
  });
});
