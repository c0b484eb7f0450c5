import type { CurveSize, DefaultCurve } from '../curves';

// The buyer's own size curves (docs/size-grid.md). The suggested ones are not stored: src/shared/curves.ts has them.

/** A curve a buyer saved: GET /user/curves lists them, POST and PUT answer the one written. */
export interface SizeCurve {
  id: number;
  name: string;
  /** In the order the buyer gave them. */
  sizes: CurveSize[];
  /** ISO date of the last change. */
  updatedAt: string;
}

/** The body of POST /user/curves and PUT /user/curves/{id}. */
export interface SizeCurveRequest {
  name: string;
  sizes: CurveSize[];
}

/** GET /user/curves: the buyer's own curves (by name) and the suggested ones, for every size set of the catalogue. */
export interface SizeCurveList {
  curves: SizeCurve[];
  defaults: DefaultCurve[];
}
