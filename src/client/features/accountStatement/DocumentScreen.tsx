import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import type { AccountDocumentDetail, AccountDocumentKind, AccountInstallment, AccountPayment, AccountPaymentLine } from '@shared/api/account';
import { formatDate, formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ACCOUNT_MSG } from '@shared/schemas/account';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { accountDocumentPath, ACCOUNT_PATH, ACCOUNT_STATEMENT_PATH } from '@client/app/routePaths';
import { DetailScreen, DetailSection } from '@client/components/DetailScreen';
import { FactList, type Fact } from '@client/components/FactList';
import { LinesTable, type LineColumn } from '@client/components/LinesTable';
import { selectAccountDocument, selectDocumentFiles } from './accountStatementSelectors';
import { documentFileRequested, documentKey, documentOpened, type DocumentRef } from './accountStatementSlice';
import { CLAIM_STATE_TEXT, DOCUMENT_TEXT as T } from './accountStatementTexts';
import { documentTitle } from './documentLabels';
import { DownloadButton } from './DownloadButton';
import './accountStatementFeature'; // the feature's slice and saga, in the store before this screen renders

type Item = AccountDocumentDetail['item'];

/** The claim window in words: until when, and how many days are left. */
function claimWindowText(item: Item): string {
  const { deadline, daysLeft, open } = item.claimWindow;
  if (!deadline) return T.claimWindowNone;
  if (open && daysLeft) return fill(daysLeft === 1 ? T.claimWindowOpen1 : T.claimWindowOpen, { deadline: formatDate(deadline), days: daysLeft });
  return fill(T.claimWindowClosed, { deadline: formatDate(deadline) });
}

function documentFacts(item: Item): Fact[] {
  const facts: Fact[] = [
    { label: T.type, value: `${item.dteName} (${item.dteType})` },
    { label: T.folio, value: item.folio ?? '' },
    { label: T.issueDate, value: formatDate(item.issueDate) },
    { label: T.receptionDate, value: formatDate(item.receptionDate) },
    { label: T.dueDate, value: formatDate(item.dueDate) },
    { label: T.total, value: formatCLP(item.total) },
    { label: T.paid, value: formatCLP(item.paid) },
    { label: T.balance, value: formatCLP(item.balance) },
    { label: T.state, value: item.stateLabel },
    { label: T.claimWindow, value: claimWindowText(item) },
  ];
  const claim = [
    item.claim ? fill(T.claimRecorded, { date: formatDateTime(item.claim.createdAt), person: item.claim.createdBy }) : '',
    item.claimState ? fill(T.claimSiiState, { state: CLAIM_STATE_TEXT[item.claimState] ?? item.claimState }) : '',
  ].filter(Boolean);
  if (claim.length) facts.push({ label: T.claimState, value: claim.join('. ') });
  return facts;
}

const INSTALLMENT_COLUMNS: LineColumn<AccountInstallment>[] = [
  { key: 'id', header: T.installment, value: (i) => i.id },
  { key: 'dueDate', header: T.installmentDue, value: (i) => formatDate(i.dueDate), nowrap: true },
  { key: 'total', header: T.total, value: (i) => formatCLP(i.total), numeric: true, nowrap: true },
  { key: 'paid', header: T.paid, value: (i) => formatCLP(i.paid), numeric: true, nowrap: true },
  { key: 'balance', header: T.balance, value: (i) => formatCLP(i.balance), numeric: true, nowrap: true },
];

/** A document named by its tipo and folio, a link to its page unless it is this one. */
function DocumentLink({ doc, current }: { doc: { kind: AccountDocumentKind; docEntry: number; dteType: AccountPaymentLine['dteType']; folio: number | null }; current: boolean }) {
  const title = documentTitle(doc);
  // a document opened from here goes back where this one would (the statement or the account)
  const origin: unknown = useLocation().state;
  if (current) return <span aria-current="page">{`${title} (${T.chainCurrent})`}</span>;
  return (
    <Link component={RouterLink} to={accountDocumentPath(doc.kind, doc.docEntry)} state={origin}>
      {title}
    </Link>
  );
}

/** The document's chain: the order, the guía, the invoice, the notes that correct it; each a link when it is a document of the account. */
function Chain({ chain }: { chain: AccountDocumentDetail['chain'] }) {
  const origin: unknown = useLocation().state;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {chain.map((link, index) => {
        const name = link.folio !== null || link.dteType ? documentTitle({ dteType: link.dteType, folio: link.folio }) : '';
        // the server's label already names the document when it is one ('Guía de despacho electrónica N° 1501')
        const text = name && !link.label.includes(name) ? `${link.label}: ${name}` : link.label;
        return (
          <li key={`${link.label}:${link.document ? documentKey(link.document) : index}`}>
            {link.current ? (
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} aria-current="page">
                {`${text} (${T.chainCurrent})`}
              </Typography>
            ) : link.document ? (
              <Link component={RouterLink} to={accountDocumentPath(link.document.kind, link.document.docEntry)} state={origin} variant="body2">
                {text}
              </Link>
            ) : (
              // a link the account does not hold (the order, a guía): what is known of it
              <Typography component="span" variant="body2">
                {text}
              </Typography>
            )}
            <Typography component="span" variant="body2">
              {link.date && ` · ${formatDate(link.date)}`}
            </Typography>
          </li>
        );
      })}
    </Box>
  );
}

/** A payment received with every folio it settled (a credit note applied lowers it: a negative amount). */
function PaymentCard({ payment, current }: { payment: AccountPayment; current: DocumentRef }) {
  const columns: LineColumn<AccountPaymentLine>[] = [
    { key: 'document', header: T.colSettled, value: (l) => <DocumentLink doc={l} current={l.kind === current.kind && l.docEntry === current.docEntry} />, minWidth: 200 },
    { key: 'installment', header: T.colInstallment, value: (l) => (l.installmentId > 0 ? l.installmentId : ''), hideEmpty: true },
    { key: 'amount', header: T.colApplied, value: (l) => formatCLP(l.amount), numeric: true, nowrap: true },
  ];
  const labelId = `payment-${payment.docEntry}`;
  return (
    <Box component="li" aria-labelledby={labelId} sx={{ listStyle: 'none' }}>
      <Typography id={labelId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {fill(T.paymentTitle, { docNum: payment.docNum, date: formatDate(payment.date), amount: formatCLP(payment.amount) })}
      </Typography>
      {payment.reference && (
        <Typography variant="body2" color="text.secondary">
          {fill(T.paymentReference, { reference: payment.reference })}
        </Typography>
      )}
      <LinesTable
        rows={payment.lines}
        rowKey={(l) => `${l.kind}:${l.docEntry}:${l.installmentId}`}
        columns={columns}
        title="document"
        label={{ text: fill(T.paymentLines, { docNum: payment.docNum }) }}
        empty="—"
      />
    </Box>
  );
}

/** /user/account/documents/:kind/:docEntry: one of the company's documents, its files, its chain and its payments. */
export default function DocumentScreen() {
  const dispatch = useAppDispatch();
  const params = useParams();
  const fromStatement = (useLocation().state as { from?: string } | null)?.from === 'statement';
  const ref: DocumentRef = { kind: (params.kind ?? '') as AccountDocumentKind, docEntry: Number(params.docEntry) };
  const key = documentKey(ref);
  const document = useAppSelector(selectAccountDocument);
  const files = useAppSelector(selectDocumentFiles);

  useEffect(() => {
    dispatch(documentOpened({ kind: ref.kind, docEntry: ref.docEntry }));
  }, [dispatch, ref.kind, ref.docEntry]);

  const current = document.key === key ? document : null;
  const detail = current?.data ?? null;
  const item = detail?.item ?? null;
  const notFound = current?.status === 'failed' && current.errorStatus === 404;
  const download = (format: 'pdf' | 'xml') => item && dispatch(documentFileRequested({ kind: item.kind, docEntry: item.docEntry, dteType: item.dteType, folio: item.folio, format }));

  return (
    <DetailScreen
      title={item ? documentTitle(item) : notFound ? T.notFound : T.fallbackTitle}
      back={fromStatement ? { to: ACCOUNT_STATEMENT_PATH, label: T.backToStatement } : { to: ACCOUNT_PATH, label: T.backToAccount }}
      actions={
        item && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <DownloadButton label={T.downloadPdf} format="PDF" flow={files.pdf} busyText={T.downloading} onClick={() => download('pdf')} />
            <DownloadButton label={T.downloadXml} format="XML" flow={files.xml} busyText={T.downloading} onClick={() => download('xml')} />
          </Stack>
        )
      }
      loading={!current || current.status === 'loading' || current.status === 'idle'}
      loadingLabel={T.loading}
      error={current?.status === 'failed' ? (notFound ? T.notFoundText : (current.error ?? T.loadFailed)) : null}
      errorStatus={current?.errorStatus}
      retryLabel={T.retry}
      onRetry={() => dispatch(documentOpened(ref))}
    >
      {detail && item && (
        <>
          {item.ceded && <Alert severity="warning">{fill(ACCOUNT_MSG.ceded, { name: item.ceded.name, rut: item.ceded.rut })}</Alert>}
          <DetailSection title={T.factsTitle}>
            <FactList facts={documentFacts(item)} />
          </DetailSection>
          {item.installments.length > 1 && (
            <DetailSection title={T.installments}>
              <LinesTable rows={item.installments} rowKey={(i) => i.id} columns={INSTALLMENT_COLUMNS} title="id" label={{ text: T.installments }} empty="—" />
            </DetailSection>
          )}
          {detail.chain.length > 0 && (
            <DetailSection title={T.chainTitle}>
              <Chain chain={detail.chain} />
            </DetailSection>
          )}
          <DetailSection title={T.paymentsTitle}>
            {detail.payments.length === 0 ? (
              <Typography variant="body2">{T.noPayments}</Typography>
            ) : (
              <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }}>
                {detail.payments.map((payment) => (
                  <PaymentCard key={payment.docEntry} payment={payment} current={{ kind: item.kind, docEntry: item.docEntry }} />
                ))}
              </Stack>
            )}
          </DetailSection>
        </>
      )}
    </DetailScreen>
  );
}
