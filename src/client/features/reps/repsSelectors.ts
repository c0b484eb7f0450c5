import type { RepSessionInfo } from '@shared/api/reps';
import { toListQuery } from '@client/app/pagedList';
import type { RepsState } from './repsSlice';

/**
 * The part of the store this feature reads: its own slice and, structurally, the session's token and rep (a feature
 * does not import another one).
 */
export interface RepsRootState {
  reps: RepsState;
  session: { token: string | null; rep: RepSessionInfo | null };
}

export const selectSessionToken = (state: Pick<RepsRootState, 'session'>) => state.session.token;
export const selectRepSession = (state: Pick<RepsRootState, 'session'>) => state.session.rep;

export const selectRepCustomers = (state: RepsRootState) => state.reps.list;
export const selectRepCustomersQuery = (state: RepsRootState) => toListQuery(state.reps.list);
export const selectRepCustomersNotice = (state: RepsRootState) => state.reps.notice;
export const selectRepresentPending = (state: RepsRootState) => state.reps.representing;
export const selectEndPending = (state: RepsRootState) => state.reps.ending;
