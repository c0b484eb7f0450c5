import { clampCartQuantity, maxQuantity } from '@client/features/cart/cartQuantity';

describe('cart line quantity (R-CART-3)', () => {
  it.each([
    ['5', 12, 5],
    ['50', 12, 12],
    ['0', 12, 1],
    ['-3', 12, 1],
    ['2.7', 12, 2],
    ['4', 0, 1],
  ])('%s with stock %d is %d', (raw, stock, expected) => {
    expect(clampCartQuantity(raw, stock)).toBe(expected);
  });

  it('an empty or non-numeric input is no quantity yet', () => {
    expect(clampCartQuantity('', 12)).toBeNull();
    expect(clampCartQuantity('  ', 12)).toBeNull();
    expect(clampCartQuantity('abc', 12)).toBeNull();
  });

  it('the maximum is the stock, at least 1', () => {
    expect(maxQuantity(12)).toBe(12);
    expect(maxQuantity(0)).toBe(1);
  });
});
