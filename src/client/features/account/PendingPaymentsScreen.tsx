import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { PendingDocument } from '@shared/api/erp';
import { formatCLP } from '@shared/money';
import type { InvoicePaymentStart } from '@client/app/events';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { isPending } from '@client/app/loadable';
import { paginationProps, PortalDataGrid } from '@client/components/gridSetup';
import { GridBox, ListScreen } from '@client/components/ListScreen';
import { useWholeList } from '@client/components/useServerList';
import { useRevealFocus } from '@client/components/revealFocus';
import type { PendingPaymentsReselection } from '@client/app/navigation';
import { formatDate } from '@shared/dates';
import { selectPendingDocuments } from './accountSelectors';
import { pendingPaymentSubmitted, pendingScreenOpened } from './accountSlice';
import { ACCOUNT_TEXT } from './accountTexts';
import { noSelection, selectedDocuments, totalOf, type RowSelection } from './pendingSelection';
import './accountFeature'; // the feature's slice and saga, in the store before this screen renders

type Method = InvoicePaymentStart['method'];

const columns: GridColDef<PendingDocument>[] = [
  { field: 'folio', headerName: ACCOUNT_TEXT.folio, flex: 1, minWidth: 110 },
  { field: 'fecha', headerName: ACCOUNT_TEXT.fecha, width: 120, valueFormatter: (value: string) => formatDate(value) },
  { field: 'totalBruto', headerName: ACCOUNT_TEXT.totalBruto, type: 'number', width: 140, valueFormatter: (value: number) => formatCLP(value) },
  { field: 'saldoaPagar', headerName: ACCOUNT_TEXT.saldoaPagar, type: 'number', width: 140, valueFormatter: (value: number) => formatCLP(value) },
];

/** 'Intentar nuevamente' of an unpaid invoice payment comes back with the same invoices and provider. */
function reselection(state: unknown): { selection: RowSelection; method: Method } {
  const wanted = state as Partial<PendingPaymentsReselection> | null;
  const ids = Array.isArray(wanted?.reselect) ? wanted.reselect.filter((id): id is number => typeof id === 'number') : [];
  const method: Method = wanted?.method === 'KHIPU' ? 'KHIPU' : 'WEBPAY';
  return { selection: ids.length ? { type: 'include', ids: new Set(ids) } : noSelection(), method };
}

/**
 * /user/pending-payments (R-INV-1, R-INV-2): the buyer's open invoices; ticked ones add up in 'Total Seleccionado'
 * and 'ir a Pagar' reveals the provider choice. The amounts are shown only: the server charges the ERP balances.
 */
export default function PendingPaymentsScreen() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const pending = useAppSelector(selectPendingDocuments);
  const [initial] = useState(() => reselection(location.state));
  const [selection, setSelection] = useState<RowSelection>(noSelection);
  const [reselected, setReselected] = useState(false);
  const [methodsShown, setMethodsShown] = useState(false);
  const [method, setMethod] = useState<Method>(initial.method);
  // 'ir a Pagar' disables itself once pressed: the focus goes to the payment methods, and 'Volver' gives it back
  const goToPay = useRef<HTMLButtonElement>(null);
  const methods = useRef<HTMLDivElement>(null);
  useRevealFocus(methodsShown, methods, goToPay);

  // the grid drops selected ids it has no row for: the invoices are ticked again once the list is there
  if (!reselected && pending.status === 'loaded') {
    setReselected(true);
    setSelection(initial.selection);
  }
  // Pagar once: the payments feature is taking the buyer to the provider
  const [payRequested, setPayRequested] = useState(false);
  const screen = useWholeList(pending, pendingScreenOpened, ACCOUNT_TEXT.pendingLoadFailed);

  const selected = useMemo(() => selectedDocuments(pending.data, selection), [pending.data, selection]);
  const total = totalOf(selected);
  const nothingSelected = selected.length === 0;

  const back = () => {
    setMethodsShown(false);
    setPayRequested(false);
  };

  const pay = () => {
    setPayRequested(true);
    dispatch(pendingPaymentSubmitted({ docEntries: selected.map((doc) => doc.docEntry), method }));
  };

  return (
    <ListScreen
      titleId="pending-title"
      title={ACCOUNT_TEXT.pendingTitle}
      {...screen}
      retryLabel={ACCOUNT_TEXT.retry}
    >
        <>
          <GridBox>
            <PortalDataGrid
              aria-label={ACCOUNT_TEXT.pendingGrid}
              rows={pending.data}
              columns={columns}
              getRowId={(row) => row.docEntry}
              loading={isPending(pending.status)}
              checkboxSelection
              rowSelectionModel={selection}
              onRowSelectionModelChange={(model) => setSelection(model)}
              disableRowSelectionOnClick={false}
              {...paginationProps}
              noRowsLabel={ACCOUNT_TEXT.noPending}
              cards={{ title: 'folio', labelTitle: true }}
            />
          </GridBox>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography component="p" variant="h6">
              <span id="pending-total-label">{ACCOUNT_TEXT.totalSelected}</span>:{' '}
              <Box component="output" aria-labelledby="pending-total-label" aria-live="polite" sx={{ fontWeight: 700 }}>
                {formatCLP(total)}
              </Box>
            </Typography>
            <Button ref={goToPay} variant="contained" disabled={nothingSelected || methodsShown} onClick={() => setMethodsShown(true)}>
              {ACCOUNT_TEXT.goToPay}
            </Button>
          </Stack>

          {methodsShown && (
            <Paper ref={methods} variant="outlined" sx={{ mt: 2, p: 2 }}>
              <FormControl>
                <FormLabel id="pending-method-label">{ACCOUNT_TEXT.paymentMethod}</FormLabel>
                <RadioGroup aria-labelledby="pending-method-label" name="pending-method" value={method} onChange={(event) => setMethod(event.target.value as Method)}>
                  <FormControlLabel value="WEBPAY" control={<Radio />} label={ACCOUNT_TEXT.webpay} />
                  <FormControlLabel value="KHIPU" control={<Radio />} label={ACCOUNT_TEXT.khipu} />
                </RadioGroup>
              </FormControl>
              <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                <Button variant="outlined" onClick={back}>
                  {ACCOUNT_TEXT.back}
                </Button>
                <Button variant="contained" disabled={nothingSelected || payRequested} onClick={pay}>
                  {ACCOUNT_TEXT.pay}
                </Button>
              </Stack>
            </Paper>
          )}
        </>
    </ListScreen>
  );
}
