import { distributorPrice, offerPrice } from '../../src/shared/pricing';

describe('distributor price (list price less loyalty, spec section 9)', () => {
  it('applies descFidel and rounds to whole pesos', () => {
    expect(distributorPrice(10990, 4)).toBe(10550); // 10550.4
    expect(distributorPrice(12990, 6)).toBe(12211); // 12210.6
    expect(distributorPrice(4990, 10)).toBe(4491);
    expect(distributorPrice(9990, 5)).toBe(9491); // 9490.5 rounds half up
  });

  it('without loyalty the price stays as it is', () => {
    expect(distributorPrice(14990, 0)).toBe(14990);
    expect(distributorPrice(14990, undefined)).toBe(14990);
    expect(distributorPrice(14990, null)).toBe(14990);
  });

  it('ignores negative percentages and caps at 100', () => {
    expect(distributorPrice(14990, -5)).toBe(14990);
    expect(distributorPrice(14990, 150)).toBe(0);
  });
});

describe('offerPrice', () => {
  it('is exact where floating point is not', () => {
    expect(offerPrice(10990, 55)).toBe(4946); // 10990 × 0.45 = 4945.5 → 4946
    expect(offerPrice(9990, 15)).toBe(8492);
    expect(offerPrice(10000, 0)).toBe(10000);
    expect(offerPrice(10000, 100)).toBe(0);
    expect(offerPrice(10000, 150)).toBe(0);
  });
});
