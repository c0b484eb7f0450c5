import type { Action, Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { ScenarioFile } from './format';

// Replay in the browser is reducer-only (time travel): the recorded actions are applied by the real root reducer to
// the recorded initial state, wrapped in actions of their own type. Sagas `take` by type, so a wrapped action never
// starts a saga: nothing is fetched, paid, navigated or stored again. While a replay runs, the recorder's middleware
// also holds back every other action (screens mounting, sagas still running), so the state on screen is exactly the
// recording's state at the chosen step.

/** Replaces the whole state (a jump, a page load inside the recording, the end of a replay). */
export const REPLAY_SET = '@@scenario/replaySet';
/** Applies one recorded action with the root reducer. */
export const REPLAY_ACTION = '@@scenario/replayAction';

export const isReplayControl = (action: unknown) =>
  Boolean(action) && typeof (action as Action).type === 'string' && (action as Action).type.startsWith('@@scenario/');

export const replaySet = (state: unknown) => ({ type: REPLAY_SET, payload: state });
export const replayAction = (action: UnknownAction) => ({ type: REPLAY_ACTION, payload: action });

/** The root reducer, also answering the replay's two actions. */
export function withScenarioReplay<R extends Reducer>(reducer: R): R {
  return ((state: unknown, action: Action) => {
    // a slice loaded now that the recorded state lacks (its feature loaded later) starts from its initial state
    if (action.type === REPLAY_SET) return reducer((action as unknown as { payload: unknown }).payload, action);
    if (action.type === REPLAY_ACTION) return reducer(state, (action as unknown as { payload: Action }).payload);
    return reducer(state, action);
  }) as R;
}

/**
 * The state after the first `n` steps of a scenario: the initial state, each recorded action through `reducer`, each
 * page load's recorded state in its place. API answers change nothing by themselves (the actions the sagas put with
 * them do).
 */
export function stateAt<S>(scenario: Pick<ScenarioFile, 'initialState' | 'steps'>, n: number, reducer: Reducer<S>): S {
  let state = scenario.initialState as S;
  const end = Math.max(0, Math.min(n, scenario.steps.length));
  for (let i = 0; i < end; i += 1) {
    const step = scenario.steps[i];
    if (step.kind === 'action') state = reducer(state, step.action as UnknownAction);
    else if (step.kind === 'load') state = step.state as S;
  }
  return state;
}
