import Link from '@mui/material/Link';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ACCOUNT_ITEM_STATES, AGING_BUCKETS, type AccountItem, type AccountItemState } from '@shared/api/account';
import { AGING_BUCKET_LABELS } from '@shared/accountRules';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import type { AccountReselection } from '@client/app/navigation';
import { ACCOUNT_STATEMENT_PATH } from '@client/app/routePaths';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { accountColumns, documentName } from './accountColumns';
import { AccountSummaryHeader } from './AccountSummaryHeader';
import { ClaimDialog } from './ClaimDialog';
import { selectAccountList, selectAccountSummary, selectChosen } from './currentAccountSelectors';
import {
  accountDocumentsList,
  claimOpened,
  fileRequested,
  itemKey,
  pageSelectionChanged,
  selectionRestored,
  summaryRequested,
} from './currentAccountSlice';
import { CURRENT_ACCOUNT_TEXT as T, STATE_FILTER_LABELS } from './currentAccountTexts';
import { PayPanel } from './PayPanel';
import './currentAccountFeature'; // the feature's slice and saga, in the store before this screen renders

const PAGE_SIZES = [10, 25, 50];

const bucketOptions = AGING_BUCKETS.map((bucket) => ({ value: bucket, label: AGING_BUCKET_LABELS[bucket] }));
const stateOptions = ACCOUNT_ITEM_STATES.map((state: AccountItemState) => ({ value: state, label: STATE_FILTER_LABELS[state] }));

/** 'Intentar nuevamente' of a netted payment comes back with the same documents and provider. */
function reselection(state: unknown): AccountReselection | null {
  const wanted = state as Partial<AccountReselection> | null;
  const documents = Array.isArray(wanted?.reselectDocuments)
    ? wanted.reselectDocuments.filter((doc) => doc && typeof doc.docEntry === 'number' && typeof doc.kind === 'string')
    : [];
  return documents.length ? { reselectDocuments: documents, method: wanted?.method === 'KHIPU' ? 'KHIPU' : 'WEBPAY' } : null;
}

const isTicked = (model: GridRowSelectionModel, id: string) => (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id));

/**
 * /user/account: 'Cuenta corriente' (Administrador and Finanzas). The header figures and aging buckets, the open items
 * paged by the server with their state, downloads and claim; the documents ticked (on any page) go to one netted
 * payment the server prices.
 */
export default function CurrentAccountScreen() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const list = useAppSelector(selectAccountList);
  const summary = useAppSelector(selectAccountSummary);
  const chosen = useAppSelector(selectChosen);
  const [again] = useState(() => reselection(location.state));

  useEffect(() => {
    dispatch(summaryRequested());
    if (again) dispatch(selectionRestored(again.reselectDocuments));
  }, [dispatch, again]);

  const onFile = useCallback(
    (item: AccountItem, format: 'pdf' | 'xml') =>
      dispatch(fileRequested({ document: { kind: item.kind, docEntry: item.docEntry, dteType: item.dteType, folio: item.folio }, format })),
    [dispatch],
  );
  const onClaim = useCallback((item: AccountItem) => dispatch(claimOpened(item)), [dispatch]);
  const columns = useMemo(() => accountColumns({ onFile, onClaim }), [onFile, onClaim]);

  const selection = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(chosen.map(itemKey)) }), [chosen]);
  const onSelection = (model: GridRowSelectionModel) => {
    const ticked = list.rows.filter((row) => isTicked(model, itemKey(row))).map(itemKey);
    dispatch(pageSelectionChanged({ page: list.rows, chosen: ticked }));
  };
  const setBucket = (bucket: string) => dispatch(accountDocumentsList.actions.changed({ filters: { bucket } }));

  return (
    <ServerListScreen
      titleId="account-title"
      list={list}
      actions={accountDocumentsList.actions}
      columns={columns}
      texts={T}
      options={{ pageSizes: PAGE_SIZES }}
      above={
        <>
          <Link component={RouterLink} to={ACCOUNT_STATEMENT_PATH} sx={{ display: 'inline-block', mb: 2 }}>
            {T.statementLink}
          </Link>
          <AccountSummaryHeader summary={summary} bucket={list.filters.bucket} onBucket={setBucket} onRetry={() => dispatch(summaryRequested())} />
        </>
      }
      filters={{
        label: T.filters,
        search: { label: T.search, placeholder: T.searchPlaceholder },
        selects: [
          { name: 'bucket', label: T.bucket, options: bucketOptions },
          { name: 'state', label: T.state, options: stateOptions },
        ],
      }}
      grid={{
        getRowId: itemKey,
        getRowHeight: () => 'auto',
        checkboxSelection: true,
        disableRowSelectionOnClick: true,
        keepNonExistentRowsSelected: true,
        isRowSelectable: ({ row }) => row.selectable,
        rowSelectionModel: selection,
        onRowSelectionModelChange: onSelection,
        cards: { title: 'folio', labelTitle: true, actions: ['acciones'], rowName: documentName },
      }}
      below={<PayPanel initialMethod={again?.method ?? 'WEBPAY'} />}
      extra={<ClaimDialog />}
    />
  );
}
