import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@server/tools/chileHolidays';

// src/shared/chileHolidays.ts is generated from date-holidays: when the library learns of a new or moved holiday (a
// new law), this fails until the list is written again (npx tsx src/server/tools/chileHolidays.ts).
it('the shared list of Chilean holidays is what date-holidays says', () => {
  const committed = readFileSync(path.join(__dirname, '../../src/shared/chileHolidays.ts'), 'utf8');
  expect(committed).toBe(generate());
});
