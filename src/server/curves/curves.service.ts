import type { SizeCurve, SizeCurveList, SizeCurveRequest } from '@shared/api/curves';
import { CURVES_PER_BUYER, DEFAULT_CURVES } from '@shared/curves';
import { fill } from '@shared/messages';
import { CURVE_MSG } from '@shared/schemas/curves';
import type { Db, Tx } from '../db/connect';
import type { SizeCurveRow } from '../db/schema';
import { uniqueOr } from '../db/errors';
import { CurvesRepo } from './curves.repo';
import { HttpError } from '../errors';

// The buyer's own size curves (docs/size-grid.md): each buyer reads and writes only its own; names are unique per
// buyer (case aside) and a buyer keeps at most CURVES_PER_BUYER. Writes lock the buyer's user row, so two saves at once
// cannot both pass the limit or the name check.

const toCurve = (row: SizeCurveRow): SizeCurve => ({
  id: row.id,
  name: row.name,
  sizes: row.sizes.map(({ talla, ratio }) => ({ talla, ratio })),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new HttpError(404, CURVE_MSG.notFound);
const nameTaken = (name: string) => new HttpError(409, fill(CURVE_MSG.nameTaken, { name }), { name: fill(CURVE_MSG.nameTaken, { name }) });

export class CurvesService {
  private readonly curves: CurvesRepo;

  constructor(private readonly db: Db) {
    this.curves = new CurvesRepo(db);
  }

  async list(userId: number): Promise<SizeCurveList> {
    const rows = await this.curves.list(userId);
    return { curves: rows.map(toCurve), defaults: DEFAULT_CURVES.map((c) => ({ ...c, sizes: c.sizes.map((s) => ({ ...s })) })) };
  }

  async create(userId: number, body: SizeCurveRequest): Promise<SizeCurve> {
    return this.write(body.name, async (tx) => {
      await this.curves.lockBuyer(tx, userId);
      if ((await this.curves.count(tx, userId)) >= CURVES_PER_BUYER) throw new HttpError(409, CURVE_MSG.full);
      await this.checkName(tx, userId, body.name);
      return toCurve(await this.curves.insert(tx, userId, body));
    });
  }

  async update(userId: number, id: number, body: SizeCurveRequest): Promise<SizeCurve> {
    return this.write(body.name, async (tx) => {
      await this.curves.lockBuyer(tx, userId);
      await this.checkName(tx, userId, body.name, id);
      const row = await this.curves.update(tx, userId, id, body);
      if (!row) throw notFound(); // another buyer's curve is not found either: its existence is not told
      return toCurve(row);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.curves.delete(userId, id))) throw notFound();
  }

  private write<T>(name: string, run: (tx: Tx) => Promise<T>): Promise<T> {
    return uniqueOr(this.db.transaction(run), () => nameTaken(name));
  }

  private async checkName(tx: Tx, userId: number, name: string, except?: number): Promise<void> {
    if (await this.curves.nameTaken(tx, userId, name, except)) throw nameTaken(name);
  }
}
