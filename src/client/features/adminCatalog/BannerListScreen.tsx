import Box from '@mui/material/Box';
import { type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { Banner } from '@shared/api/banners';
import { BANNER_MSG } from '@shared/schemas/banners';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { deleteColumn, editColumn } from '@client/components/rowActions';
import { WholeListScreen } from '@client/components/WholeListScreen';
import { selectBannerDelete, selectBanners } from './adminCatalogSelectors';
import { bannerDeleteRequested, bannerEditChosen, bannerListOpened } from './adminCatalogSlice';
import { ADMIN_CATALOG_TEXT } from './adminCatalogTexts';
import { BANNER_CREATE_PATH } from './adminPaths';
import './adminCatalogFeature'; // the feature's slice and saga, in the store before this screen renders

const IMAGES = [
  ['urlBannerImage', BANNER_MSG.colBanner1],
  ['urlBannerImage2', BANNER_MSG.colBanner2],
  ['urlBannerImage3', BANNER_MSG.colBanner3],
] as const;

function thumbnail(field: 'urlBannerImage' | 'urlBannerImage2' | 'urlBannerImage3', label: string): GridColDef<Banner> {
  return {
    field,
    headerName: label,
    flex: 1,
    minWidth: 130,
    sortable: false,
    renderCell: ({ row }) =>
      row[field] ? (
        <Box component="img" src={row[field]} alt={label} loading="lazy" sx={{ width: '100%', maxWidth: 180, height: 60, objectFit: 'cover', borderRadius: 1, display: 'block', mt: '6px' }} />
      ) : null,
  };
}

/**
 * /admin/banner (R-ADM-BAN-1): the one banner set, with Editar and Eliminar; Crear only while there is
 * none, so at most one set exists.
 */
export default function BannerListScreen() {
  const dispatch = useAppDispatch();
  const banners = useAppSelector(selectBanners);
  const deleting = useAppSelector(selectBannerDelete).status === 'running';

  const columns = useMemo<GridColDef<Banner>[]>(
    () => [
      ...IMAGES.map(([field, label]) => thumbnail(field, label)),
      editColumn<Banner>({ headerName: BANNER_MSG.colEdit, label: () => ADMIN_CATALOG_TEXT.editBanner, onClick: (row) => dispatch(bannerEditChosen(row.id)) }),
      deleteColumn<Banner>({
        headerName: BANNER_MSG.colDelete,
        label: () => ADMIN_CATALOG_TEXT.deleteBanner,
        disabled: deleting,
        onClick: (row) => dispatch(bannerDeleteRequested(row.id)),
      }),
    ],
    [dispatch, deleting],
  );

  return (
    <WholeListScreen
      titleId="admin-banners-title"
      texts={{ title: BANNER_MSG.listTitle, grid: ADMIN_CATALOG_TEXT.bannersGrid, empty: BANNER_MSG.empty, retry: ADMIN_CATALOG_TEXT.retry }}
      create={banners.status === 'loaded' && banners.data.length === 0 ? { to: BANNER_CREATE_PATH, label: BANNER_MSG.create } : null}
      list={banners}
      opened={bannerListOpened}
      columns={columns}
      // a phone shows the set as a card: its three images, then Editar and Eliminar
      grid={{ rowHeight: 72, hideFooter: true, cards: { title: false, actions: ['editar', 'eliminar'] } }}
    />
  );
}
