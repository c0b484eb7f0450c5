import { discountedUnitPrice, lineDiscountPercent, offerPrice, orderTotals, priceLine, sizePrices, suggestedRetailPrice, unitPrice } from '@shared/pricing';

/** The distributor price (P. Distrib.) of a unit with the loyalty discount only: the cart's own rule, no offer. */
const distributorPrice = (price: number, loyalty: number | null | undefined) => priceLine({ price, quantity: 1, loyaltyPct: loyalty }).priceFinalUnit;

describe('distributor price without an offer (list price less loyalty, R-MONEY-2)', () => {
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

describe('distributor price with an offer: the offer, then the loyalty discount (what the cart charges)', () => {
  it('CAL-7002 for a Gold buyer: $11.990 less 20 % and then 6 % is $9.016 (not the loyalty-only $11.271)', () => {
    expect(priceLine({ price: 11990, quantity: 1, offerPct: 20, loyaltyPct: 6 }).priceFinalUnit).toBe(9016);
    expect(discountedUnitPrice(11990, 20, 6)).toBe(9016);
    expect(distributorPrice(11990, 6)).toBe(11271);
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

describe('cart line (R-MONEY-2: price × (1 − descFidel/100) × (1 − offer/100), rounded)', () => {
  it('without offer or loyalty the line is the list price', () => {
    expect(priceLine({ price: 12990, quantity: 3, offerPct: 0, loyaltyPct: 0 })).toEqual({
      priceList: 12990,
      priceOffer: 12990,
      priceFinalUnit: 12990,
      priceFinal: 38970,
      priceDiscount: 0,
      descLinea: 0,
    });
  });

  it('a 100 % offer gives the line away', () => {
    const line = priceLine({ price: 12990, quantity: 2, offerPct: 100, loyaltyPct: 6 });
    expect(line).toMatchObject({ priceOffer: 0, priceFinalUnit: 0, priceFinal: 0, priceDiscount: 25980, descLinea: 100 });
  });

  it('rounds the discounted unit price half up, then multiplies by the quantity', () => {
    // 9990 × 0.95 = 9490.5 → 9491 (loyalty only); 10990 × 0.45 = 4945.5 → 4946 (offer only)
    expect(priceLine({ price: 9990, quantity: 4, loyaltyPct: 5 })).toMatchObject({ priceFinalUnit: 9491, priceFinal: 37964, priceDiscount: 1996 });
    expect(priceLine({ price: 10990, quantity: 1, offerPct: 55 })).toMatchObject({ priceOffer: 4946, priceFinalUnit: 4946 });
    // both: 5990 × 0.94 × 0.8 = 4504.48 → 4504
    expect(discountedUnitPrice(5990, 20, 6)).toBe(4504);
    // 1250 × 0.9 × 0.8 = 900 exactly; 13 × 0.5 = 6.5 → 7
    expect(discountedUnitPrice(1250, 20, 10)).toBe(900);
    expect(discountedUnitPrice(13, 50, 0)).toBe(7);
  });

  it('applies loyalty after the offer: the ERP line discount of 20 % and 6 % is 24.8 %', () => {
    expect(lineDiscountPercent(20, 6)).toBe(24.8);
    expect(lineDiscountPercent(0, 6)).toBe(6);
    expect(lineDiscountPercent(20, 0)).toBe(20);
    expect(lineDiscountPercent(0, 0)).toBe(0);
    expect(lineDiscountPercent(100, 6)).toBe(100);
    expect(lineDiscountPercent(15, 8)).toBe(21.8);
    expect(lineDiscountPercent(33, 7)).toBe(37.69);
    // UnitPrice × (1 − descLinea/100) is the discounted price the buyer sees, before rounding
    expect(Math.round(5990 * (1 - lineDiscountPercent(20, 6) / 100))).toBe(discountedUnitPrice(5990, 20, 6));
  });
});

describe('order totals (R-MONEY-3: subtotal = net − discounts; total = subtotal + rounded VAT)', () => {
  it('sums the lines, splits the discounts and rounds the VAT once on the subtotal', () => {
    const a = { ...priceLine({ price: 5990, quantity: 3, offerPct: 20, loyaltyPct: 6 }), quantity: 3 };
    const b = { ...priceLine({ price: 12990, quantity: 2, offerPct: 0, loyaltyPct: 6 }), quantity: 2 };
    // a: offer 4792, final 4504; b: offer 12990, final 12211
    const totals = orderTotals([a, b], 6);
    expect(totals).toEqual({
      lines: 2,
      units: 5,
      net: 5990 * 3 + 12990 * 2, // 43950
      offerDiscount: (5990 - 4792) * 3, // 3594
      loyaltyDiscount: (4792 - 4504) * 3 + (12990 - 12211) * 2, // 864 + 1558
      loyaltyPct: 6,
      subtotal: 4504 * 3 + 12211 * 2, // 37934
      vat: 7207, // 37934 × 0.19 = 7207.46
      total: 37934 + 7207,
    });
    expect(totals.net - totals.offerDiscount - totals.loyaltyDiscount).toBe(totals.subtotal);
  });

  it('rounds a VAT of exactly half a peso up', () => {
    // 50 × 0.19 = 9.5 → 10 (9.500000000000002 in floating point would hide the rule); 150 × 0.19 = 28.5 → 29
    expect(orderTotals([{ ...priceLine({ price: 50, quantity: 1 }), quantity: 1 }])).toMatchObject({ subtotal: 50, vat: 10, total: 60 });
    expect(orderTotals([{ ...priceLine({ price: 150, quantity: 1 }), quantity: 1 }])).toMatchObject({ subtotal: 150, vat: 29, total: 179 });
    // 37 × 0.19 = 7.03 → 7
    expect(orderTotals([{ ...priceLine({ price: 37, quantity: 1 }), quantity: 1 }])).toMatchObject({ vat: 7, total: 44 });
  });

  it('an empty cart totals zero', () => {
    expect(orderTotals([], 6)).toEqual({ lines: 0, units: 0, net: 0, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 6, subtotal: 0, vat: 0, total: 0 });
  });
});

describe('the unit price of each size (what the product detail and the grid show)', () => {
  const size = (sku: string, preciolista: number, descuento = 0) => ({ sku, preciolista, descuento });

  it('unitPrice is the cart line\'s P. Distrib. for one unit', () => {
    for (const [price, offer, loyalty] of [[5990, 0, 6], [11990, 20, 6], [10990, 55, 10], [4990, 33, 0]] as const) {
      expect(unitPrice(price, offer, loyalty)).toBe(priceLine({ price, quantity: 7, offerPct: offer, loyaltyPct: loyalty }).priceFinalUnit);
    }
  });

  it('POL-1002 for a Gold buyer: the XXL at 5 990 is $5.631, its other sizes $4.691; the colour is "desde" $4.691', () => {
    const prices = sizePrices([size('POL-1002-M', 4990), size('POL-1002-XL', 4990), size('POL-1002-XXL', 5990)], 6);
    expect(Object.fromEntries(prices.bySku)).toEqual({ 'POL-1002-M': 4691, 'POL-1002-XL': 4691, 'POL-1002-XXL': 5631 });
    expect(prices).toMatchObject({ from: 4691, to: 5631, varies: true });
  });

  it('sizes at one price do not vary; a size priced 0 (not sold) counts for no range', () => {
    expect(sizePrices([size('A-S', 9990, 20), size('A-M', 9990, 20), size('A-L', 0, 20)], 4)).toMatchObject({ from: 7672, to: 7672, varies: false });
    expect(sizePrices([], 4)).toMatchObject({ from: 0, to: 0, varies: false });
  });
});

describe('the line sheet’s suggested retail price (net × markup, rounded up to $…990)', () => {
  it('rounds up to the next amount ending in 990', () => {
    expect(suggestedRetailPrice(12_345, 1)).toBe(12_990);
    expect(suggestedRetailPrice(5_612, 2.2)).toBe(12_990); // 12.346,4
    expect(suggestedRetailPrice(1, 1)).toBe(990);
    expect(suggestedRetailPrice(991, 1)).toBe(1_990);
  });

  it('keeps an amount already ending in 990, also where the float product is a hair above it', () => {
    expect(suggestedRetailPrice(12_990, 1)).toBe(12_990);
    expect(suggestedRetailPrice(4_995, 2.2)).toBe(10_990); // 4995 × 2.2 = 10989.000000000002 in floats
    expect(suggestedRetailPrice(5_450, 2.2)).toBe(11_990); // 11.990 exactly
    expect(suggestedRetailPrice(5_000, 2.2)).toBe(11_990); // 11.000
  });

  it('uses 2,2 by default and any markup with two decimals', () => {
    expect(suggestedRetailPrice(10_000)).toBe(22_990);
    expect(suggestedRetailPrice(10_000, 1.75)).toBe(17_990);
    expect(suggestedRetailPrice(10_000, 10)).toBe(100_990);
  });

  it('suggests nothing for a size priced 0', () => {
    expect(suggestedRetailPrice(0, 2.2)).toBe(0);
  });
});
