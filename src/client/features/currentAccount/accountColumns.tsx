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
export const documentName = (item: Pick<AccountItem, 'dteName' | 'folio'>) =>
  item.folio === null ? `${item.dteName} (${T.noFolio})` : fill(T.folioOf, { name: item.dteName, folio: item.folio });

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

/** The API sorts by these (ACCOUNT_SORTS); the other columns do not sort. */
export function accountColumns({ onFile, onClaim }: RowHandlers): GridColDef<AccountItem>[] {
  return [
    { field: 'folio', headerName: T.colFolio, width: 100, valueFormatter: (value: number | null) => (value === null ? T.noFolio : String(value)) },
    { field: 'dteName', headerName: T.colType, minWidth: 190, flex: 1, sortable: false, valueGetter: (_value, row) => fill(T.typeCode, { name: row.dteName, code: row.dteType }) },
    { field: 'issueDate', headerName: T.colIssue, width: 110, valueFormatter: (value: string) => formatDate(value) },
    {
      field: 'receptionDate',
      headerName: T.colReception,
      width: 150,
      sortable: false,
      renderCell: ({ row }) => {
        const left = claimWindowText(row);
        return (
          <Box sx={{ py: 0.5 }}>
            <span>{formatDate(row.receptionDate)}</span>
            {left && (
              <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                {left}
              </Typography>
            )}
          </Box>
        );
      },
    },
    { field: 'dueDate', headerName: T.colDue, width: 120, valueFormatter: (value: string) => formatDate(value) },
    { field: 'total', headerName: T.colTotal, width: 120, type: 'number', sortable: false, valueFormatter: money },
    { field: 'paid', headerName: T.colPaid, width: 120, type: 'number', sortable: false, valueFormatter: money },
    { field: 'balance', headerName: T.colBalance, width: 120, type: 'number', valueGetter: (_value, row) => row.sign * row.balance, valueFormatter: money },
    { field: 'daysOverdue', headerName: T.colDaysOverdue, width: 110, type: 'number' },
    {
      field: 'stateLabel',
      headerName: T.colState,
      minWidth: 220,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => {
        const reason = notSelectableReason(row);
        return (
          <Box sx={{ py: 0.5, whiteSpace: 'normal' }}>
            <Chip size="small" color={STATE_COLORS[row.state]} label={row.stateLabel} />
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
      minWidth: 250,
      sortable: false,
      filterable: false,
      renderCell: ({ row, tabIndex }) => {
        const name = documentName(row);
        return (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }} useFlexGap>
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
