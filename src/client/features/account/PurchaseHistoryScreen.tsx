import VisibilityIcon from '@mui/icons-material/Visibility';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { type GridColDef } from '@mui/x-data-grid';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PurchaseHistoryHeader } from '@shared/api/erp';
import { fill } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { buyerOrderPath } from '@client/app/routePaths';
import { paginationProps } from '@client/components/gridSetup';
import { WholeListScreen } from '@client/components/WholeListScreen';
import { formatDate } from '@shared/dates';
import { dashIfNone } from './accountFormat';
import { selectHistoryDetail, selectPurchaseHistory } from './accountSelectors';
import { historyDetailClosed, historyDetailOpened, historyScreenOpened } from './accountSlice';
import { ACCOUNT_TEXT } from './accountTexts';
import { PurchaseDetailDialog } from './PurchaseDetailDialog';
import './accountFeature'; // the feature's slice and saga, in the store before this screen renders

const dashed = (value: string) => dashIfNone(value);

// Widths: every column fits beside the sidebar at 1366 px (1,052 px of 1,076), the order number takes what is left.
const dataColumns: GridColDef<PurchaseHistoryHeader>[] = [
  { field: 'numPedido', headerName: ACCOUNT_TEXT.numPedido, minWidth: 96, flex: 1 },
  {
    // the same order as the portal knows it (confirmations and mails say OC000011): a link to it in 'Mis pedidos'
    field: 'ordenPortal',
    headerName: ACCOUNT_TEXT.ordenPortal,
    width: 118,
    renderCell: ({ row, tabIndex }) =>
      row.ordenPortal ? (
        <Link component={RouterLink} to={buyerOrderPath(row.ordenPortal)} tabIndex={tabIndex} aria-label={fill(ACCOUNT_TEXT.viewPortalOrder, { number: row.ordenPortal })}>
          {row.ordenPortal}
        </Link>
      ) : (
        '-'
      ),
  },
  { field: 'fecha', headerName: ACCOUNT_TEXT.fecha, width: 104, valueFormatter: (value: string) => formatDate(value) },
  { field: 'tipoRetiro', headerName: ACCOUNT_TEXT.tipoRetiro, width: 108 },
  { field: 'entrega', headerName: ACCOUNT_TEXT.entrega, width: 92, valueFormatter: dashed },
  { field: 'estado', headerName: ACCOUNT_TEXT.estado, width: 104 },
  { field: 'numFactura', headerName: ACCOUNT_TEXT.numFactura, width: 104, valueFormatter: dashed },
  { field: 'numNotaCredito', headerName: ACCOUNT_TEXT.numNotaCredito, width: 134, valueFormatter: dashed },
  { field: 'dte', headerName: ACCOUNT_TEXT.dte, width: 104 },
];

export interface PurchaseHistoryScreenProps {
  /**
   * 'Volver a comprar' for an order, in its row and its detail (another feature's button: the router hands it in).
   * `tabIndex` is the grid cell's roving tab stop, absent in the detail.
   */
  reorderAction?: (order: PurchaseHistoryHeader, tabIndex?: number) => ReactNode;
}

/** /user/purchase-history (R-HIST-1): the buyer's orders; the eye opens the lines of one. */
export default function PurchaseHistoryScreen({ reorderAction }: PurchaseHistoryScreenProps = {}) {
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectPurchaseHistory);
  const detail = useAppSelector(selectHistoryDetail);

  const columns = useMemo<GridColDef<PurchaseHistoryHeader>[]>(
    () => [
      {
        field: 'docEntry',
        headerName: ACCOUNT_TEXT.action,
        width: reorderAction ? 88 : 72,
        sortable: false,
        filterable: false,
        renderCell: ({ row, tabIndex }) => (
          <>
            <IconButton
              aria-label={fill(ACCOUNT_TEXT.viewDetail, { numPedido: row.numPedido })}
              color="primary"
              size="small"
              tabIndex={tabIndex}
              onClick={() => dispatch(historyDetailOpened(row))}
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
            {reorderAction?.(row, tabIndex)}
          </>
        ),
      },
      ...dataColumns,
    ],
    [dispatch, reorderAction],
  );

  return (
    <WholeListScreen
      titleId="history-title"
      texts={{ title: ACCOUNT_TEXT.historyTitle, grid: ACCOUNT_TEXT.historyGrid, empty: ACCOUNT_TEXT.noHistory, retry: ACCOUNT_TEXT.retry, failure: ACCOUNT_TEXT.historyLoadFailed }}
      list={history}
      opened={historyScreenOpened}
      columns={columns}
      grid={{ getRowId: (row) => row.docEntry, ...paginationProps, cards: { title: 'numPedido', actions: ['docEntry'] } }}
      extra={
        <PurchaseDetailDialog
          detail={detail}
          onClose={() => dispatch(historyDetailClosed())}
          onRetry={() => detail.order && dispatch(historyDetailOpened(detail.order))}
          action={detail.order && reorderAction ? reorderAction(detail.order) : null}
        />
      }
    />
  );
}
