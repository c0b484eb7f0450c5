import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminUser, AdminUserPage, AdminUserRow, SaveUserRequest } from '@shared/api/adminUsers';
import type { SalesEmployee } from '@shared/api/erp';
import { loggedOut, sessionExpired } from '@client/app/events';
import { flowSteps, idleFlow, idleLoad, loadedWith, type Flow, type Loadable } from '@client/app/loadable';
import { createPagedList, type PagedList } from '@client/app/pagedList';
import type { ErpCustomer } from './api';

// User administration (R-ADM-USR-1 to R-ADM-USR-4).

export type { Flow, FlowStatus, Loadable, LoadStatus } from '@client/app/loadable';

/** The list's search and filters ('' = any), named as the API's query (GET /admin/users/list). */
export type UserFilters = { q: string; role: string; state: string; company: string; companyRole: string };

export const USER_NO_FILTERS: UserFilters = { q: '', role: '', state: '', company: '', companyRole: '' };
/** R-GEN-6: the list shows 10 rows a page. */
export const USER_PAGE_SIZE = 10;
/** By id, as the API's default (and the list always was). */
export const USER_DEFAULT_SORT = { sort: 'id', dir: 'asc' as const };

/** 'Administración de Usuarios': paged, sorted, searched and filtered by the server. */
export const usersList = createPagedList<AdminUserRow, UserFilters, AdminUserPage>({
  name: 'adminUsers/list',
  filters: USER_NO_FILTERS,
  sort: USER_DEFAULT_SORT,
  pageSize: USER_PAGE_SIZE,
});

export interface AdminUsersState {
  /** 'Administración de Usuarios': paged, sorted, searched and filtered by the server. */
  list: PagedList<AdminUserRow, UserFilters>;
  /** The user on the update screen, and the id it was asked for. */
  user: Loadable<AdminUser | null>;
  userId: number | null;
  save: Flow;
  remove: Flow;
  /** The creation form's look-up of a buyer's rut in the ERP. */
  customerCheck: CustomerCheck;
  /** The ERP's active sales employees a sales rep (VENDEDOR) is linked to: read once the form wants them. */
  salesPersons: Loadable<SalesEmployee[]>;
}

/**
 * checking (also while the debounce waits), found, notCustomer (the ERP has no such customer: a buyer cannot be
 * saved) or failed (the ERP did not answer: the server decides on save).
 */
export type CustomerCheckStatus = 'idle' | 'checking' | 'found' | 'notCustomer' | 'failed';

export interface CustomerCheck {
  /** The compact rut looked up ('76123456-0'). */
  rut: string | null;
  status: CustomerCheckStatus;
  customer: ErpCustomer | null;
  error: string | null;
}

export const idleCustomerCheck: CustomerCheck = { rut: null, status: 'idle', customer: null, error: null };

/** The look-up's answer for one rut: an answer for a rut no longer on the form is ignored. */
export interface CustomerCheckAnswer {
  rut: string;
  customer?: ErpCustomer;
  message?: string;
}

export const initialAdminUsersState: AdminUsersState = {
  list: usersList.initialState,
  user: { status: 'idle', data: null, error: null },
  userId: null,
  save: idleFlow,
  remove: idleFlow,
  customerCheck: idleCustomerCheck,
  salesPersons: idleLoad([]),
};

/** 'Eliminar' of a row: the id, and the rut the prompt names. */
export interface UserChoice {
  id: number;
  username: string;
}

/** The flows' steps (save, delete, retry…). */
const removeSteps = flowSteps<'remove'>('remove');
const saveSteps = flowSteps<'save'>('save');

const adminUsersSlice = createSlice({
  name: 'adminUsers',
  initialState: initialAdminUsersState,
  reducers: {
    /** 'Editar' of a row: the update screen opens with the id in its address. */
    userEditChosen(_state, _action: PayloadAction<number>) {},
    /** /admin/user/update/:id mounted with the id of its address. */
    userEditOpened(state, action: PayloadAction<number>) {
      state.user = { status: 'loading', data: null, error: null };
      state.userId = action.payload;
      state.save = idleFlow;
      state.salesPersons = idleLoad([]);
    },
    userLoaded(state, action: PayloadAction<AdminUser>) {
      state.user = { status: 'loaded', data: action.payload, error: null };
    },
    userLoadFailed(state, action: PayloadAction<string>) {
      state.user = { status: 'failed', data: null, error: action.payload };
    },
    /** /admin/user/add mounted: a failure of an earlier save is not shown again; the sales employees are read again. */
    userCreateOpened(state) {
      state.save = idleFlow;
      state.customerCheck = idleCustomerCheck;
      state.salesPersons = idleLoad([]);
    },

    /** The rut of a new buyer was entered (the field lost the focus, or Usuario was chosen): the saga looks it up. */
    userRutEntered(state, action: PayloadAction<string>) {
      state.customerCheck = { rut: action.payload, status: 'checking', customer: null, error: null };
    },
    erpCustomerFound(state, { payload }: PayloadAction<CustomerCheckAnswer>) {
      if (state.customerCheck.rut === payload.rut) state.customerCheck = { rut: payload.rut, status: 'found', customer: payload.customer ?? null, error: null };
    },
    erpCustomerNotFound(state, { payload }: PayloadAction<CustomerCheckAnswer>) {
      if (state.customerCheck.rut === payload.rut) state.customerCheck = { rut: payload.rut, status: 'notCustomer', customer: null, error: payload.message ?? null };
    },
    erpCustomerCheckFailed(state, { payload }: PayloadAction<CustomerCheckAnswer>) {
      if (state.customerCheck.rut === payload.rut) state.customerCheck = { rut: payload.rut, status: 'failed', customer: null, error: payload.message ?? null };
    },

    /** The form shows a sales rep's fields (or 'Reintentar' after a failure): the saga reads the ERP's sales employees. */
    salesPersonsWanted(state) {
      state.salesPersons = { status: 'loading', data: state.salesPersons.data, error: null };
    },
    salesPersonsLoaded(state, action: PayloadAction<SalesEmployee[]>) {
      state.salesPersons = loadedWith(action.payload);
    },
    salesPersonsLoadFailed(state, action: PayloadAction<string>) {
      state.salesPersons = { status: 'failed', data: [], error: action.payload };
    },

    /** 'Guardar' or 'Actualizar' with a valid form: the one event of the form (with an id it is an update). */
    userSaveSubmitted: saveSteps.start<SaveUserRequest>(),
    /** The negative button of the confirm dialog: the form stays as it was. */
    userSaveDeclined: saveSteps.idle,
    /** The list reads its page again when it opens. */
    userSaved(state, action: PayloadAction<AdminUser>) {
      state.save = idleFlow;
      const saved = action.payload;
      if (state.userId === saved.id) state.user = { status: 'loaded', data: saved, error: null };
    },
    userSaveFailed: saveSteps.failed,
    userSaveErrorClosed: saveSteps.idle,

    /** 'Eliminar' of the list: the saga asks first. */
    userDeleteRequested: removeSteps.start<UserChoice>(),
    userDeleteDeclined: removeSteps.idle,
    /** Gone from the page at once; the saga reads the page again (the total, the row that moves up). */
    userDeleted(state, action: PayloadAction<number>) {
      state.remove = idleFlow;
      const before = state.list.rows.length;
      state.list.rows = state.list.rows.filter((u) => u.id !== action.payload);
      if (state.list.rows.length < before) state.list.total -= 1;
    },
    userDeleteFailed: removeSteps.failed,
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) => usersList.nestIn(builder.addCase(loggedOut, () => initialAdminUsersState).addCase(sessionExpired, () => initialAdminUsersState)),
});

export const {
  userEditChosen,
  userEditOpened,
  userLoaded,
  userLoadFailed,
  userCreateOpened,
  userRutEntered,
  erpCustomerFound,
  erpCustomerNotFound,
  erpCustomerCheckFailed,
  salesPersonsWanted,
  salesPersonsLoaded,
  salesPersonsLoadFailed,
  userSaveSubmitted,
  userSaveDeclined,
  userSaved,
  userSaveFailed,
  userSaveErrorClosed,
  userDeleteRequested,
  userDeleteDeclined,
  userDeleted,
  userDeleteFailed,
} = adminUsersSlice.actions;
export const adminUsersReducer = adminUsersSlice.reducer;
