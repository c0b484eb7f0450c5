import { formatDate as formatErpDate } from '@shared/dates';
import { dashIfNone } from '@client/features/account/accountFormat';
import { noSelection, selectedDocuments, totalOf } from '@client/features/account/pendingSelection';
import { pendingDocuments } from './fixtures';

describe('account formats', () => {
  it("'0' (and nothing at all) is shown as '-'", () => {
    expect(dashIfNone('0')).toBe('-');
    expect(dashIfNone(0)).toBe('-');
    expect(dashIfNone('')).toBe('-');
    expect(dashIfNone(null)).toBe('-');
    expect(dashIfNone('4410')).toBe('4410');
    expect(dashIfNone('10')).toBe('10');
  });

  it('an ERP date keeps its calendar day in Chile (not the previous one)', () => {
    expect(formatErpDate('2025-03-01')).toBe('01-03-2025');
    expect(formatErpDate('2024-12-31')).toBe('31-12-2024');
    expect(formatErpDate('')).toBe('');
  });
});

describe('pending selection', () => {
  it('include: the ticked ones; exclude (select-all): all but the unticked ones', () => {
    expect(selectedDocuments(pendingDocuments, noSelection())).toEqual([]);
    expect(selectedDocuments(pendingDocuments, { type: 'include', ids: new Set([503, 501]) }).map((d) => d.folio)).toEqual(['1001', '1003']);
    expect(selectedDocuments(pendingDocuments, { type: 'exclude', ids: new Set() })).toHaveLength(12);
    expect(selectedDocuments(pendingDocuments, { type: 'exclude', ids: new Set([501]) }).map((d) => d.docEntry)).not.toContain(501);
  });

  it('Total Seleccionado is the sum of the selected balances', () => {
    expect(totalOf([])).toBe(0);
    expect(totalOf(pendingDocuments.slice(0, 3))).toBe(60_000);
  });
});
