import { blockingReasons, isBlocked, type BlockingFlags } from '@shared/blocking';
import type { RepSessionInfo } from '@shared/api/reps';
import { toListQuery } from '@client/app/pagedList';
import type { RepsState } from './repsSlice';
import { REPS_TEXT } from './repsTexts';

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

/**
 * Why the represented customer is blocked in the ERP, in the ERP's words ('Bloqueado por morosidad', several joined
 * by commas); '' when it is not (or its profile has not loaded).
 */
export const selectRepresentedBlock = (state: { session: { profile: BlockingFlags | null } }): string => {
  const profile = state.session.profile;
  if (!isBlocked(profile)) return '';
  return blockingReasons(profile!).join(', ') || REPS_TEXT.blocked;
};
