import type { GridColDef } from '@mui/x-data-grid';
import type { CompanyApproval } from '@shared/api/companyApprovals';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { useAppSelector } from '@client/app/hooks';
import { linkColumn } from '@client/components/rowActions';
import { WholeListScreen } from '@client/components/WholeListScreen';
import { approvalsOpened, selectApprovals } from './companyApprovalsSlice';
import { APPROVALS_TEXT as T, companyApprovalPath } from './companyApprovalsTexts';
import './companyApprovalsFeature'; // the feature's slice and saga, in the store before this screen renders

/** 'Camila Rojas Pizarro' (or the person's rut when the portal keeps no name). */
export const buyerName = (approval: Pick<CompanyApproval, 'buyer'>) => approval.buyer.name || approval.buyer.rut;

const columns: GridColDef<CompanyApproval>[] = [
  linkColumn<CompanyApproval>({
    field: 'number',
    headerName: T.colNumber,
    width: 110,
    to: (row) => companyApprovalPath(row.id),
    text: (row) => row.number,
    label: (row) => fill(T.viewOrder, { number: row.number }),
  }),
  { field: 'createdAt', headerName: T.colCreatedAt, width: 110, valueFormatter: (value: string) => formatDate(value) },
  { field: 'buyer', headerName: T.colBuyer, minWidth: 180, flex: 1, valueGetter: (_value, row) => buyerName(row) },
  {
    field: 'paymentMethod',
    headerName: T.colPaymentMethod,
    width: 170,
    valueGetter: (_value, row) => (row.orderType === 'RESERVE' ? T.reserve : row.paymentMethod ? PAYMENT_METHOD_LABELS[row.paymentMethod] : ''),
  },
  { field: 'total', headerName: T.colTotal, width: 130, type: 'number', valueGetter: (_value, row) => row.totals.total, valueFormatter: (value: number) => formatCLP(value) },
];

/** /user/company/approvals: Mi empresa: Por aprobar, the company's orders waiting for its approval, oldest first. */
export default function ApprovalListScreen() {
  const list = useAppSelector(selectApprovals);
  return (
    <WholeListScreen
      titleId="company-approvals-title"
      texts={T}
      list={list}
      opened={approvalsOpened}
      columns={columns}
      grid={{ cards: { title: 'number' } }}
    />
  );
}
