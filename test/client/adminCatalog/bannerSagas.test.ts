import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { deleteBanner, fetchBanner, fetchBanners, saveBanner } from '@client/features/adminCatalog/api';
import {
  adminCatalogSaga,
  handleBannerDeleteRequested,
  handleBannerEditChosen,
  handleBannerEditOpened,
  handleBannerListOpened,
  handleBannerSaveSubmitted,
} from '@client/features/adminCatalog/adminCatalogSagas';
import {
  bannerDeleted,
  bannerDeleteDeclined,
  bannerDeleteFailed,
  bannerDeleteRequested,
  bannerEditChosen,
  bannerEditOpened,
  bannerLoaded,
  bannerLoadFailed,
  bannersLoaded,
  bannersLoadFailed,
  bannersLoadStarted,
  bannerSaved,
  bannerSaveDeclined,
  bannerSaveFailed,
  bannerSaveSubmitted,
} from '@client/features/adminCatalog/adminCatalogSlice';
import { keepFiles, takeFiles } from '@client/features/adminCatalog/pendingFiles';
import { adminCatalogReducers, bannerSet, fileOf, storeWith } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const uploadPrompt = confirmRequested({ title: 'Deseas cargar los archivos?', positive: 'Cargar', negative: 'No Cargar' });
const deletePrompt = confirmRequested({ title: 'Deseas eliminar?', positive: 'Eliminar', negative: 'No eliminar' });
const loadedSet = { banners: { status: 'loaded' as const, data: [bannerSet], error: null } };

describe('banner list load', () => {
  it('success, step by step', () => {
    testSaga(handleBannerListOpened)
      .next()
      .put(bannersLoadStarted())
      .next()
      .call(callWithTimeout, fetchBanners)
      .next([bannerSet])
      .put(bannersLoaded([bannerSet]))
      .next()
      .isDone();
  });

  it('failure, step by step: the server message', () => {
    testSaga(handleBannerListOpened)
      .next()
      .put(bannersLoadStarted())
      .next()
      .call(callWithTimeout, fetchBanners)
      .throw(new HttpError(500, 'Internal server error'))
      .put(bannersLoadFailed({ message: 'Internal server error', status: 500 }))
      .next()
      .isDone();
  });

  it('with the reducer: zero sets is a loaded, empty list', async () => {
    const { storeState } = await expectSaga(handleBannerListOpened)
      .withReducer(adminCatalogReducers, storeWith())
      .provide([[matchers.call.fn(fetchBanners), []]])
      .run();
    expect(storeState.adminCatalog.banners).toEqual({ status: 'loaded', data: [], error: null });
  });
});

describe('Editar and the update screen load', () => {
  it('Editar: /admin/banner-update/:id, the id in the address', () => {
    testSaga(handleBannerEditChosen, bannerEditChosen(3))
      .next()
      .call(navigateTo, '/admin/banner-update/3')
      .next()
      .isDone();
  });

  it('the set of the id', () => {
    testSaga(handleBannerEditOpened, bannerEditOpened(3))
      .next()
      .call(callWithTimeout, fetchBanner, 3)
      .next(bannerSet)
      .put(bannerLoaded(bannerSet))
      .next()
      .isDone();
  });

  it('an unknown id: the server text', () => {
    testSaga(handleBannerEditOpened, bannerEditOpened(9))
      .next()
      .call(callWithTimeout, fetchBanner, 9)
      .throw(new HttpError(404, 'Banner no encontrado'))
      .put(bannerLoadFailed('Banner no encontrado'))
      .next()
      .isDone();
  });
});

describe('Cargar (create and update), step by step', () => {
  const files = { bannerImageFile: fileOf('verano.jpg'), bannerImage2File: fileOf('invierno.png'), bannerImage3File: fileOf('liquidacion.jpeg') };
  const fields = { nameFile: 'verano.jpg,invierno.png,liquidacion.jpeg' };
  const submitted = bannerSaveSubmitted({ fields, filesKey: 'b1' });

  const confirmedUpload = () =>
    testSaga(handleBannerSaveSubmitted, submitted)
      .next()
      .call(takeFiles, 'b1')
      .next(files)
      .put(uploadPrompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined]);

  it('confirmed: the multipart upload, back to the list, "Cargados!"', () => {
    confirmedUpload()
      .call(callWithTimeout, saveBanner, fields, files)
      .next(bannerSet)
      .put(bannerSaved(bannerSet))
      .next()
      .call(navigateTo, '/admin/banner')
      .next()
      .call(notify, 'Cargados!', 'success')
      .next()
      .isDone();
  });

  it('declined: nothing is sent, "Archivos no cargados", back to the list', () => {
    testSaga(handleBannerSaveSubmitted, submitted)
      .next()
      .call(takeFiles, 'b1')
      .next(files)
      .put(uploadPrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(bannerSaveDeclined())
      .next()
      .call(navigateTo, '/admin/banner')
      .next()
      .call(notify, 'Archivos no cargados', 'info')
      .next()
      .isDone();
  });

  it('refused (a set already exists): the message, and the admin stays on the form', () => {
    const exists = 'Ya existe un banner cargado: edítelo o elimínelo antes de crear otro';
    confirmedUpload()
      .call(callWithTimeout, saveBanner, fields, files)
      .throw(new HttpError(409, exists))
      .put(bannerSaveFailed(exists))
      .next()
      .call(notify, exists, 'error')
      .next()
      .isDone();
  });

  it('with the reducer: the new set is the list', async () => {
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith({ banners: { status: 'loaded', data: [], error: null } }))
      .provide([
        [call(callWithTimeout, saveBanner, fields, files), bannerSet],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(bannerSaveSubmitted({ fields, filesKey: keepFiles(files) }))
      .dispatch(confirmAccepted())
      .call(notify, 'Cargados!', 'success')
      .silentRun(50);
    expect(storeState.adminCatalog.banners.data).toEqual([bannerSet]);
    expect(storeState.adminCatalog.bannerSave).toEqual({ status: 'idle', error: null });
  });

  it('with the reducer: an update replaces the set', async () => {
    const updated = { ...bannerSet, urlBannerImage2: '/files/banners/banner2.jpg?v=2' };
    const updateFields = { id: 3, nameFile: bannerSet.nameFile };
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith(loadedSet))
      .provide([
        [matchers.call.fn(saveBanner), updated],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(bannerSaveSubmitted({ fields: updateFields, filesKey: keepFiles({ bannerImage2File: fileOf('nuevo.png') }) }))
      .dispatch(confirmAccepted())
      .call.fn(saveBanner)
      .silentRun(50);
    expect(storeState.adminCatalog.banners.data).toEqual([updated]);
  });
});

describe('Eliminar, step by step', () => {
  const confirmedDelete = () =>
    testSaga(handleBannerDeleteRequested, bannerDeleteRequested(3)).next().put(deletePrompt).next().is(decision).next([confirmAccepted(), undefined]);

  it('confirmed: DELETE, the set leaves the list, "Eliminado!"', () => {
    confirmedDelete()
      .call(callWithTimeout, deleteBanner, 3)
      .next({ message: 'Eliminado!' })
      .put(bannerDeleted(3))
      .next()
      .call(notify, 'Eliminado!', 'success')
      .next()
      .isDone();
  });

  it('declined: "No eliminado", nothing is deleted', () => {
    testSaga(handleBannerDeleteRequested, bannerDeleteRequested(3))
      .next()
      .put(deletePrompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(bannerDeleteDeclined())
      .next()
      .call(notify, 'No eliminado', 'info')
      .next()
      .isDone();
  });

  it('failure: the server message', () => {
    confirmedDelete()
      .call(callWithTimeout, deleteBanner, 3)
      .throw(new HttpError(404, 'Banner no encontrado'))
      .put(bannerDeleteFailed('Banner no encontrado'))
      .next()
      .call(notify, 'Banner no encontrado', 'error')
      .next()
      .isDone();
  });

  it('with the reducer: confirmed, the list is empty (Crear shows again)', async () => {
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith(loadedSet))
      .provide([
        [call(callWithTimeout, deleteBanner, 3), { message: 'Eliminado!' }],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(bannerDeleteRequested(3))
      .dispatch(confirmAccepted())
      .call(notify, 'Eliminado!', 'success')
      .silentRun(50);
    expect(storeState.adminCatalog.banners.data).toEqual([]);
    expect(storeState.adminCatalog.bannerDelete).toEqual({ status: 'idle', error: null });
  });

  it('with the reducer: declined, the set stays', async () => {
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith(loadedSet))
      .provide([[matchers.call.fn(notify), undefined]])
      .dispatch(bannerDeleteRequested(3))
      .dispatch(confirmDeclined())
      .call(notify, 'No eliminado', 'info')
      .not.call.fn(deleteBanner)
      .silentRun(50);
    expect(storeState.adminCatalog.banners.data).toEqual([bannerSet]);
  });

  it('with the reducer: a failure keeps the set and the message', async () => {
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith(loadedSet))
      .provide([
        [matchers.call.fn(deleteBanner), throwError(new HttpError(500, 'Internal server error'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(bannerDeleteRequested(3))
      .dispatch(confirmAccepted())
      .silentRun(50);
    expect(storeState.adminCatalog.banners.data).toEqual([bannerSet]);
    expect(storeState.adminCatalog.bannerDelete).toEqual({ status: 'failed', error: 'Internal server error' });
  });
});
