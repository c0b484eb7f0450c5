import { dteDocumentName } from '@shared/accountRules';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountItem, AccountItemState } from '@shared/api/account';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ACCOUNT_MSG } from '@shared/schemas/account';
import { accountDocumentPath } from '@client/app/routePaths';
import { CURRENT_ACCOUNT_TEXT as T } from './currentAccountTexts';

// The open items' columns, one set for the grid and the phone's cards (components/GridCards): the document, its dates
// and amounts, its state as the server words it, and what can be done with it.

/** A document as a person names it: 'Factura electrónica N° 10461'. */
export const documentName = (item: Pick<AccountItem, 'dteType' | 'dteName' | 'folio'>) =>
  item.folio === null ? `${item.dteName} (${T.noFolio})` : dteDocumentName(item.dteType, item.folio, item.dteName);

const STATE_COLORS: Record<AccountItemState, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  AL_DIA: 'success',
  VENCE: 'warning',
  VENCIDA: 'error',
  CEDIDA: 'default',
  EN_RECLAMO: 'info',
  PAGO_EN_PROCESO: 'info',
};

/** Why a row has no checkbox to tick: the cesionario is paid directly, or a payment is being processed. */
export function notSelectableReason(item: AccountItem): string | null {
  if (item.selectable) return null;
  if (item.ceded) return fill(ACCOUNT_MSG.ceded, { name: item.ceded.name, rut: item.ceded.rut });
  if (item.inProcess) return T.notSelectableInProcess;
  return null;
}

/** The claim window in words, while it is open. */
export function claimWindowText(item: Pick<AccountItem, 'claimWindow'>): string | null {
  const { open, daysLeft, deadline } = item.claimWindow;
  if (!open || daysLeft === null || !deadline) return null;
  return daysLeft <= 1 ? T.claimLastDay : fill(T.claimDaysLeft, { days: daysLeft, deadline: formatDate(deadline) });
}

export interface RowHandlers {
  onFile: (item: AccountItem, format: 'pdf' | 'xml') => void;
  onClaim: (item: AccountItem) => void;
}

const money = (value: number) => formatCLP(value);

/** Two lines in one cell: the value and, under it, a caption (nothing when there is none). */
function TwoLines({ main, caption, strong }: { main: string; caption?: (string | null)[]; strong?: boolean }) {
  return (
    <Box sx={{ py: 0.5, lineHeight: 1.4, whiteSpace: 'normal' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: strong ? 600 : undefined }}>
        {main}
      </Typography>
      {(caption ?? []).filter(Boolean).map((text) => (
        <Typography key={text} variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The API sorts by these (ACCOUNT_SORTS); the other columns do not sort. Narrow enough for the grid beside the menu at
 * 1280 px: the document is its type over its folio, the reception date (and the days left to claim) goes under the
 * issue date, what was paid under the balance.
 */
export function accountColumns({ onFile, onClaim }: RowHandlers): GridColDef<AccountItem>[] {
  return [
    {
      field: 'folio',
      headerName: T.colDocument,
      minWidth: 150,
      flex: 1,
      valueGetter: (_value, row) => documentName(row),
      renderCell: ({ row }) => <TwoLines main={fill(T.typeCode, { name: row.dteName, code: row.dteType })} caption={[row.folio === null ? T.noFolio : fill(T.folioNumber, { folio: row.folio })]} />,
    },
    {
      field: 'issueDate',
      headerName: T.colIssue,
      width: 142,
      valueGetter: (_value, row) => [formatDate(row.issueDate), row.receptionDate ? fill(T.receivedOn, { date: formatDate(row.receptionDate) }) : null, claimWindowText(row)].filter(Boolean).join(' · '),
      renderCell: ({ row }) => (
        <TwoLines main={formatDate(row.issueDate)} caption={[row.receptionDate ? fill(T.receivedOn, { date: formatDate(row.receptionDate) }) : null, claimWindowText(row)]} />
      ),
    },
    { field: 'dueDate', headerName: T.colDue, width: 100, valueFormatter: (value: string) => formatDate(value) },
    { field: 'total', headerName: T.colTotal, width: 100, type: 'number', sortable: false, valueFormatter: money },
    {
      field: 'balance',
      headerName: T.colBalance,
      width: 110,
      type: 'number',
      valueGetter: (_value, row) => row.sign * row.balance,
      valueFormatter: money,
      renderCell: ({ row }) => (
        <Box sx={{ textAlign: 'right', width: '100%' }}>
          <TwoLines main={money(row.sign * row.balance)} caption={[fill(T.paidAmount, { amount: money(row.paid) })]} />
        </Box>
      ),
    },
    { field: 'daysOverdue', headerName: T.colDaysOverdue, description: T.colDaysOverdueLong, width: 64, type: 'number' },
    {
      field: 'stateLabel',
      headerName: T.colState,
      minWidth: 130,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => {
        const reason = notSelectableReason(row);
        return (
          <Box sx={{ py: 0.5, whiteSpace: 'normal' }}>
            <Chip size="small" color={STATE_COLORS[row.state]} label={row.stateLabel} sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
            {reason && (
              <Typography variant="caption" component="p" sx={{ mt: 0.5, mb: 0 }}>
                {reason}
              </Typography>
            )}
          </Box>
        );
      },
    },
    {
      field: 'acciones',
      headerName: T.colActions,
      width: 124,
      sortable: false,
      filterable: false,
      renderCell: ({ row, tabIndex }) => {
        const name = documentName(row);
        return (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5, '& .MuiButton-root': { minWidth: 0, px: 0.75 } }} useFlexGap>
            <Link component={RouterLink} to={accountDocumentPath(row.kind, row.docEntry)} tabIndex={tabIndex} aria-label={fill(T.viewLabel, { document: name })}>
              {T.view}
            </Link>
            <Button size="small" tabIndex={tabIndex} aria-label={fill(T.pdfLabel, { document: name })} onClick={() => onFile(row, 'pdf')}>
              {T.pdf}
            </Button>
            <Button size="small" tabIndex={tabIndex} aria-label={fill(T.xmlLabel, { document: name })} onClick={() => onFile(row, 'xml')}>
              {T.xml}
            </Button>
            {row.claimWindow.open && (
              <Button size="small" color="warning" tabIndex={tabIndex} aria-label={fill(T.claimLabel, { document: name })} onClick={() => onClaim(row)}>
                {T.claim}
              </Button>
            )}
          </Stack>
        );
      },
    },
  ];
}
