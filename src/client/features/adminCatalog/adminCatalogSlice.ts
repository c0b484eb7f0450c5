import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminProduct, ProductListItem, SaveProductFields } from '@shared/api/adminProducts';
import type { Banner, SaveBannerFields } from '@shared/api/banners';
import { loggedOut, sessionExpired } from '@client/app/events';
import { flowSteps, idleFlow, type Flow, type Loadable } from '@client/app/loadable';
import { wholeListLoad } from '@client/app/pagedList';

// Product and banner administration (R-ADM-PROD-1, R-ADM-PROD-2, R-ADM-BAN-1, R-ADM-BAN-2).

export type { Flow, FlowStatus, Loadable, LoadStatus } from '@client/app/loadable';

export interface AdminCatalogState {
  /** The ERP's styles of the product list. */
  products: Loadable<ProductListItem[]>;
  /** Estado of each sku read so far: true 'Actualizado', false 'No Actualizado'; absent: not read yet. */
  updated: Record<string, boolean>;
  /** Buyers' alerts waiting for a size of each style read so far ('Avisos', docs/stock-alerts.md); absent: not read yet. */
  avisos: Record<string, number>;
  /** Skus whose Estado is being read. */
  statusPending: string[];
  statusError: string | null;
  /** The record on the product update screen, and the sku it was asked for (a size's code finds its style). */
  product: Loadable<AdminProduct | null>;
  productSku: string | null;
  productSave: Flow;
  /** Zero or one banner set. */
  banners: Loadable<Banner[]>;
  /** The set on the banner update screen, and the id it was asked for. */
  banner: Loadable<Banner | null>;
  bannerId: number | null;
  bannerSave: Flow;
  bannerDelete: Flow;
}


export const initialAdminCatalogState: AdminCatalogState = {
  products: { status: 'idle', data: [], error: null },
  updated: {},
  avisos: {},
  statusPending: [],
  statusError: null,
  product: { status: 'idle', data: null, error: null },
  productSku: null,
  productSave: idleFlow,
  banners: { status: 'idle', data: [], error: null },
  banner: { status: 'idle', data: null, error: null },
  bannerId: null,
  bannerSave: idleFlow,
  bannerDelete: idleFlow,
};

/** 'Editar' of a list row: the update screen opens with the sku and description in its address. */
export interface ProductChoice {
  sku: string;
  descripcion: string;
}

/** 'Actualizar' with a valid form: the text fields, and the key of the chosen files (pendingFiles.ts). */
export interface ProductSubmission {
  fields: SaveProductFields;
  filesKey: string;
}

/** 'Cargar' / 'Actualizar' of a banner form with valid files. */
export interface BannerSubmission {
  fields: SaveBannerFields;
  filesKey: string;
}

/** The ERP's styles and the banner set, each answered whole (the grids page them in the browser). */
const products = wholeListLoad<ProductListItem, 'products'>('products');
const banners = wholeListLoad<Banner, 'banners'>('banners');

/** The flows' steps (save, delete, retry…). */
const bannerDeleteSteps = flowSteps<'bannerDelete'>('bannerDelete');
const bannerSaveSteps = flowSteps<'bannerSave'>('bannerSave');
const productSaveSteps = flowSteps<'productSave'>('productSave');

const adminCatalogSlice = createSlice({
  name: 'adminCatalog',
  initialState: initialAdminCatalogState,
  reducers: {
    /** /admin/product mounted (or 'Reintentar'): the ERP list loads again, and the Estado badges with it. */
    productListOpened(state) {
      state.products.status = 'loading';
      state.updated = {};
      state.statusPending = [];
      state.statusError = null;
    },
    productsLoadStarted: products.started,
    productsLoaded: products.loaded,
    productsLoadFailed: products.failed,

    /** The grid shows these skus (one page): their Estado is read in one request. */
    productPageShown(_state, _action: PayloadAction<string[]>) {},
    statusesLoadStarted(state, action: PayloadAction<string[]>) {
      state.statusPending = [...new Set([...state.statusPending, ...action.payload])];
      state.statusError = null;
    },
    statusesLoaded(state, action: PayloadAction<{ skus: string[]; updated: string[]; avisos?: Record<string, number> }>) {
      const updated = new Set(action.payload.updated);
      for (const sku of action.payload.skus) {
        state.updated[sku] = updated.has(sku);
        state.avisos[sku] = action.payload.avisos?.[sku] ?? 0;
      }
      state.statusPending = state.statusPending.filter((sku) => !action.payload.skus.includes(sku));
    },
    statusesLoadFailed(state, action: PayloadAction<{ skus: string[]; error: string }>) {
      state.statusPending = state.statusPending.filter((sku) => !action.payload.skus.includes(sku));
      state.statusError = action.payload.error;
    },

    productEditChosen(_state, _action: PayloadAction<ProductChoice>) {},
    /** /admin/product/update/:sku mounted with the sku of its address. */
    productEditOpened(state, action: PayloadAction<string>) {
      state.product = { status: 'loading', data: null, error: null };
      state.productSku = action.payload;
      state.productSave = idleFlow;
    },
    productLoaded(state, action: PayloadAction<AdminProduct>) {
      state.product = { status: 'loaded', data: action.payload, error: null };
    },
    productLoadFailed(state, action: PayloadAction<string>) {
      state.product = { status: 'failed', data: null, error: action.payload };
    },
    productSaveSubmitted: productSaveSteps.start<ProductSubmission>(),
    /** 'No Actualizar' in the confirm dialog: the form stays as it was. */
    productSaveDeclined: productSaveSteps.idle,
    productSaved(state, action: PayloadAction<AdminProduct>) {
      state.productSave = idleFlow;
      state.product = { status: 'loaded', data: action.payload, error: null };
      state.updated[action.payload.sku] = action.payload.id > 0;
    },
    productSaveFailed: productSaveSteps.failed,

    /** /admin/banner mounted (or 'Reintentar'). */
    bannerListOpened(state) {
      state.banners.status = 'loading';
    },
    bannersLoadStarted: banners.started,
    bannersLoaded: banners.loaded,
    bannersLoadFailed: banners.failed,

    bannerEditChosen(_state, _action: PayloadAction<number>) {},
    /** /admin/banner-update/:id mounted with the id of its address. */
    bannerEditOpened(state, action: PayloadAction<number>) {
      state.banner = { status: 'loading', data: null, error: null };
      state.bannerId = action.payload;
      state.bannerSave = idleFlow;
    },
    bannerLoaded(state, action: PayloadAction<Banner>) {
      state.banner = { status: 'loaded', data: action.payload, error: null };
    },
    bannerLoadFailed(state, action: PayloadAction<string>) {
      state.banner = { status: 'failed', data: null, error: action.payload };
    },
    /** /admin/banner-add mounted: a failure of an earlier upload is not shown again. */
    bannerCreateOpened: bannerSaveSteps.idle,
    bannerSaveSubmitted: bannerSaveSteps.start<BannerSubmission>(),
    bannerSaveDeclined: bannerSaveSteps.idle,
    bannerSaved(state, action: PayloadAction<Banner>) {
      state.bannerSave = idleFlow;
      state.banner = { status: 'loaded', data: action.payload, error: null };
      state.banners.data = [action.payload, ...state.banners.data.filter((b) => b.id !== action.payload.id)];
    },
    bannerSaveFailed: bannerSaveSteps.failed,

    /** 'Eliminar' of the list: the saga asks first. */
    bannerDeleteRequested: bannerDeleteSteps.start<number>(),
    bannerDeleteDeclined: bannerDeleteSteps.idle,
    bannerDeleted(state, action: PayloadAction<number>) {
      state.bannerDelete = idleFlow;
      state.banners.data = state.banners.data.filter((b) => b.id !== action.payload);
    },
    bannerDeleteFailed: bannerDeleteSteps.failed,
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialAdminCatalogState).addCase(sessionExpired, () => initialAdminCatalogState),
});

export const {
  productListOpened,
  productsLoadStarted,
  productsLoaded,
  productsLoadFailed,
  productPageShown,
  statusesLoadStarted,
  statusesLoaded,
  statusesLoadFailed,
  productEditChosen,
  productEditOpened,
  productLoaded,
  productLoadFailed,
  productSaveSubmitted,
  productSaveDeclined,
  productSaved,
  productSaveFailed,
  bannerListOpened,
  bannersLoadStarted,
  bannersLoaded,
  bannersLoadFailed,
  bannerEditChosen,
  bannerEditOpened,
  bannerLoaded,
  bannerLoadFailed,
  bannerCreateOpened,
  bannerSaveSubmitted,
  bannerSaveDeclined,
  bannerSaved,
  bannerSaveFailed,
  bannerDeleteRequested,
  bannerDeleteDeclined,
  bannerDeleted,
  bannerDeleteFailed,
} = adminCatalogSlice.actions;
export const adminCatalogReducer = adminCatalogSlice.reducer;
