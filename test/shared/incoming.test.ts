import { arrivalDay, freeIncoming, incomingBy, incomingTotal } from '@shared/incoming';

const today = '2026-11-30'; // a Monday

describe('stock por llegar: what is still free to promise', () => {
  it('is nothing without purchase-order lines', () => {
    expect(freeIncoming(undefined, { ordered: 0, backlog: 0, today })).toEqual([]);
    expect(freeIncoming([], { ordered: 10, backlog: 0, today })).toEqual([]);
  });

  it('gives each date its quantity, earliest first', () => {
    expect(freeIncoming([['2026-12-15', 40], ['2027-01-10', 80]], { ordered: 120, backlog: 0, today })).toEqual([
      { fecha: '2026-12-15', cantidad: 40 },
      { fecha: '2027-01-10', cantidad: 80 },
    ]);
  });

  it('serves what the ERP sold beyond its stock, then the portal’s own promises, from the earliest arrivals', () => {
    const arrivals = [['2026-12-15', 40], ['2027-01-10', 80]] as const;
    expect(freeIncoming(arrivals, { ordered: 120, backlog: 30, today })).toEqual([
      { fecha: '2026-12-15', cantidad: 10 },
      { fecha: '2027-01-10', cantidad: 80 },
    ]);
    expect(freeIncoming(arrivals, { ordered: 120, backlog: 30, promised: 50, today })).toEqual([{ fecha: '2027-01-10', cantidad: 40 }]);
    expect(freeIncoming(arrivals, { ordered: 120, backlog: 100, promised: 50, today })).toEqual([]);
  });

  it('cuts the dated lines to what the ERP says is on order, from the latest date (a line received or cut since)', () => {
    expect(freeIncoming([['2026-12-15', 40], ['2027-01-10', 80]], { ordered: 60, backlog: 0, today })).toEqual([
      { fecha: '2026-12-15', cantidad: 40 },
      { fecha: '2027-01-10', cantidad: 20 },
    ]);
    expect(freeIncoming([['2026-12-15', 40]], { ordered: 0, backlog: 0, today })).toEqual([]);
  });

  it('promises a late line (its date passed, still open) on the next working day', () => {
    expect(freeIncoming([['2026-11-20', 12], ['2026-12-01', 6]], { ordered: 18, backlog: 0, today })).toEqual([{ fecha: '2026-12-01', cantidad: 18 }]);
    // on a Friday the next working day is Monday
    expect(freeIncoming([['2026-11-20', 12]], { ordered: 12, backlog: 0, today: '2026-12-04' })).toEqual([{ fecha: '2026-12-07', cantidad: 12 }]);
  });

  it('adds up what arrives by a date, and in all', () => {
    const incoming = [{ fecha: '2026-12-15', cantidad: 40 }, { fecha: '2027-01-10', cantidad: 80 }];
    expect(incomingBy(incoming, '2026-12-14')).toBe(0);
    expect(incomingBy(incoming, '2026-12-15')).toBe(40);
    expect(incomingBy(incoming, '2027-02-01')).toBe(120);
    expect(incomingTotal(incoming)).toBe(120);
  });

  it('shows a date as a Chilean shop writes it: day and month, the year only a year ahead or in the past', () => {
    expect(arrivalDay('2027-01-15', '2026-11-30')).toBe('15-ene');
    expect(arrivalDay('2026-12-03', '2026-11-30')).toBe('3-dic');
    expect(arrivalDay('2027-11-15', '2026-11-30')).toBe('15-nov-2027');
    expect(arrivalDay('2026-11-15', '2026-11-30')).toBe('15-nov-2026');
    expect(arrivalDay('2026-09-03')).toBe('3-sept');
  });
});
