import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RepCustomerList, RepCustomerRow } from '@shared/api/reps';
import { loggedOut, sessionExpired } from '@client/app/events';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Mis clientes' (docs/sales-reps.md): the rep's customers paged, searched and sorted by the server, and the customer
// being taken on ('Representar') or let go ('Terminar') while its call runs.

/** The list's filters ('' = any): the search box. */
export type RepCustomerFilters = { q: string };

export const REP_CUSTOMERS_NO_FILTERS: RepCustomerFilters = { q: '' };
/** By razón social, as the API's default. */
export const REP_CUSTOMERS_DEFAULT_SORT = { sort: 'name', dir: 'asc' as const };
export const REP_CUSTOMERS_PAGE_SIZE = 20;

export const repCustomersList = createPagedList<RepCustomerRow, RepCustomerFilters, RepCustomerList>({
  name: 'reps/list',
  filters: REP_CUSTOMERS_NO_FILTERS,
  sort: REP_CUSTOMERS_DEFAULT_SORT,
  pageSize: REP_CUSTOMERS_PAGE_SIZE,
});

export interface RepsState {
  list: PagedList<RepCustomerRow, RepCustomerFilters>;
  /** Why the list cannot hold anything (a rep not linked to an ERP sales employee); null otherwise. */
  notice: string | null;
  /** The CardCode whose 'Representar' is running; null when none. */
  representing: string | null;
  /** 'Terminar' is running. */
  ending: boolean;
}

export const initialRepsState: RepsState = { list: repCustomersList.initialState, notice: null, representing: null, ending: false };

/** 'Representar' of a customer of the list. */
export interface RepresentRequest {
  cardCode: string;
  name: string;
}

const repsSlice = createSlice({
  name: 'reps',
  initialState: initialRepsState,
  reducers: {
    representRequested(state, action: PayloadAction<RepresentRequest>) {
      state.representing = action.payload.cardCode;
    },
    representFinished(state) {
      state.representing = null;
    },
    /** The banner's 'Terminar'. */
    endRequested(state) {
      state.ending = true;
    },
    endFinished(state) {
      state.ending = false;
    },
  },
  extraReducers: (builder) =>
    repCustomersList.nestIn(
      builder
        .addCase(repCustomersList.actions.loaded, (state, { payload }) => {
          state.notice = payload.message;
        })
        // another person may log in next: nothing of this rep stays
        .addCase(loggedOut, () => initialRepsState)
        .addCase(sessionExpired, () => initialRepsState),
    ),
});

export const { representRequested, representFinished, endRequested, endFinished } = repsSlice.actions;
export const repsReducer = repsSlice.reducer;
