import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountPayment, StatementMovement } from '@shared/api/account';
import { formatDate } from '@shared/dates';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { statementQuery } from '@shared/schemas/account';
import { chileTodayIso } from '@shared/workingDays';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import type { Loadable } from '@client/app/loadable';
import { canRetry, PRIMARY_ACTION_SX } from '@client/app/problems';
import { accountDocumentPath, ACCOUNT_PATH } from '@client/app/routePaths';
import { DetailScreen, DetailSection } from '@client/components/DetailScreen';
import { FactList } from '@client/components/FactList';
import { LinesTable, type LineColumn } from '@client/components/LinesTable';
import TextInput from '@client/components/TextInput';
import type { StatementPeriod } from './api';
import { selectStatement, selectStatementDownloads, selectStatementPayments, selectStatementPeriod } from './accountStatementSelectors';
import { paymentOpened, statementDownloadRequested, statementRequested } from './accountStatementSlice';
import { DOCUMENT_TEXT, STATEMENT_TEXT as T } from './accountStatementTexts';
import { documentTitle, dteCode } from './documentLabels';
import { DownloadButton } from './DownloadButton';
import { quickPeriod, STATEMENT_QUICK_PERIODS } from './statementPeriods';
import './accountStatementFeature'; // the feature's slice and saga, in the store before this screen renders

/** The period the screen opens with when none was asked for yet. */
const DEFAULT_PERIOD = 'last3Months' as const;

/** A movement's document: a link to its page (tipo + folio), or the payment with the folios it settled. */
function MovementDocument({ movement, payment, onOpenPayment }: { movement: StatementMovement; payment?: Loadable<AccountPayment | null>; onOpenPayment: (docEntry: number) => void }) {
  const doc = movement.document;
  if (doc) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <Link component={RouterLink} to={accountDocumentPath(doc.kind, doc.docEntry)} state={{ from: 'statement' }}>
          {movement.description}
        </Link>
        <Typography component="span" variant="caption" color="text.secondary">
          {dteCode(doc.dteType)}
        </Typography>
      </Box>
    );
  }
  const docEntry = movement.paymentDocEntry;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <span>{movement.description}</span>
      {docEntry !== null && !payment && (
        <Button size="small" onClick={() => onOpenPayment(docEntry)} sx={{ px: 0 }}>
          {T.paymentDetail}
        </Button>
      )}
      {payment?.status === 'loading' && <CircularProgress size={18} aria-label={T.paymentLoading} />}
      {payment?.status === 'failed' && (
        <Alert
          severity="error"
          action={
            canRetry(payment.errorStatus) &&
            docEntry !== null && (
              <Button color="inherit" size="small" onClick={() => onOpenPayment(docEntry)}>
                {T.retry}
              </Button>
            )
          }
        >
          {fill(T.paymentLoadFailed, { message: payment.error ?? '' })}
        </Alert>
      )}
      {payment?.data && (
        <Box component="ul" aria-label={fill(DOCUMENT_TEXT.paymentLines, { docNum: payment.data.docNum })} sx={{ m: 0, pl: 2 }}>
          {payment.data.lines.map((line) => (
            <li key={`${line.kind}:${line.docEntry}:${line.installmentId}`}>
              <Link component={RouterLink} to={accountDocumentPath(line.kind, line.docEntry)} state={{ from: 'statement' }}>
                {documentTitle(line)}
              </Link>
              {`: ${formatCLP(line.amount)}`}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** /user/account/statement: 'Estado de cuenta' of a period, its movements with the running balance, and its files. */
export default function StatementScreen() {
  const dispatch = useAppDispatch();
  const statement = useAppSelector(selectStatement);
  const asked = useAppSelector(selectStatementPeriod);
  const downloads = useAppSelector(selectStatementDownloads);
  const payments = useAppSelector(selectStatementPayments);
  // the Chilean day the page opened on: what 'hoy' means for the form's rules and the frequent periods
  const today = useMemo(() => chileTodayIso(), []);
  const initial = useMemo(() => asked ?? quickPeriod(DEFAULT_PERIOD, today), [asked, today]);

  const formik = useFormik<StatementPeriod>({
    initialValues: initial,
    // the shared schema with the Chilean today: a future end or more than 24 months is refused here as the server does
    validate: (values) =>
      validateYupSchema(values, statementQuery, false, { today }).then(
        () => ({}),
        (error: unknown) => yupToFormErrors<StatementPeriod>(error) as FormikErrors<StatementPeriod>,
      ),
    onSubmit: (values) => {
      dispatch(statementRequested({ from: values.from.trim(), to: values.to.trim() }));
    },
  });

  useEffect(() => {
    // the first visit shows the default period at once; coming back shows what was asked for before
    if (!asked) dispatch(statementRequested(quickPeriod(DEFAULT_PERIOD, today)));
  }, [asked, dispatch, today]);

  const choose = (choice: (typeof STATEMENT_QUICK_PERIODS)[number]) => {
    const period = quickPeriod(choice, today);
    void formik.setValues(period, false);
    formik.setErrors({});
    dispatch(statementRequested(period));
  };

  const data = statement.data;
  const loading = statement.status === 'loading';
  const fieldError = (name: keyof StatementPeriod) => (formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined);

  const columns: LineColumn<StatementMovement>[] = [
    { key: 'date', header: T.colDate, value: (m) => formatDate(m.date), nowrap: true },
    {
      key: 'document',
      header: T.colDocument,
      minWidth: 220,
      value: (m) => <MovementDocument movement={m} payment={m.paymentDocEntry !== null ? payments[m.paymentDocEntry] : undefined} onOpenPayment={(d) => dispatch(paymentOpened(d))} />,
    },
    { key: 'debit', header: T.colDebit, value: (m) => (m.debit ? formatCLP(m.debit) : ''), numeric: true, nowrap: true, hideEmpty: true },
    { key: 'credit', header: T.colCredit, value: (m) => (m.credit ? formatCLP(m.credit) : ''), numeric: true, nowrap: true, hideEmpty: true },
    { key: 'balance', header: T.colBalance, value: (m) => formatCLP(m.balance), numeric: true, nowrap: true },
  ];

  return (
    <DetailScreen
      title={T.title}
      back={{ to: ACCOUNT_PATH, label: T.backToAccount }}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DownloadButton label={T.downloadXlsx} format="Excel" flow={downloads.xlsx} busyText={T.downloading} disabled={!data || loading} onClick={() => dispatch(statementDownloadRequested('xlsx'))} />
          <DownloadButton label={T.downloadPdf} format="PDF" flow={downloads.pdf} busyText={T.downloading} disabled={!data || loading} onClick={() => dispatch(statementDownloadRequested('pdf'))} />
        </Stack>
      }
      loading={loading}
      loadingLabel={T.loading}
      error={null}
      retryLabel={T.retry}
    >
      <Paper component="form" variant="outlined" noValidate aria-label={T.periodTitle} onSubmit={formik.handleSubmit} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}>
          {(['from', 'to'] as const).map((name) => (
            <TextInput
              key={name}
              id={`statement-${name}`}
              name={name}
              type="date"
              label={T[name]}
              value={formik.values[name]}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(fieldError(name))}
              helperText={fieldError(name)}
              required
              htmlInput={{ max: today }}
            />
          ))}
          <Button type="submit" variant="contained" disabled={loading} sx={{ ...PRIMARY_ACTION_SX, alignSelf: { sm: 'center' } }}>
            {T.show}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap role="group" aria-label={T.quickChoices} sx={{ flexWrap: 'wrap', mt: 2 }}>
          {STATEMENT_QUICK_PERIODS.map((choice) => (
            <Button key={choice} size="small" variant="text" onClick={() => choose(choice)} disabled={loading} sx={PRIMARY_ACTION_SX}>
              {T[choice]}
            </Button>
          ))}
        </Stack>
      </Paper>

      {statement.status === 'failed' && (
        <Alert
          severity="error"
          action={
            canRetry(statement.errorStatus) &&
            asked && (
              <Button color="inherit" size="small" onClick={() => dispatch(statementRequested(asked))}>
                {T.retry}
              </Button>
            )
          }
        >
          {statement.errorStatus === 400 ? statement.error : `${T.loadFailed}: ${statement.error ?? ''}`}
        </Alert>
      )}

      {data && (
        <>
          <DetailSection title={fill(T.summaryTitle, { from: formatDate(data.from), to: formatDate(data.to) })}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {fill(T.company, { name: data.company.name, rut: data.company.rut })}
            </Typography>
            <FactList
              facts={[
                { label: T.openingBalance, value: formatCLP(data.openingBalance) },
                { label: T.totalDebit, value: formatCLP(data.totalDebit) },
                { label: T.totalCredit, value: formatCLP(data.totalCredit) },
                { label: T.closingBalance, value: <strong>{formatCLP(data.closingBalance)}</strong> },
              ]}
            />
          </DetailSection>
          <DetailSection title={T.movementsTitle}>
            <LinesTable
              rows={data.movements}
              rowKey={(m) => (m.document ? `${m.document.kind}:${m.document.docEntry}` : `payment:${m.paymentDocEntry ?? m.description}`)}
              columns={columns}
              // a card is titled by its day: the document cell holds links, a button and lists, which a title cannot
              title="date"
              label={{ text: T.movementsTitle }}
              empty={T.noMovements}
            />
          </DetailSection>
        </>
      )}
      {!data && statement.status === 'idle' && <Typography color="text.secondary">{T.choosePeriod}</Typography>}
    </DetailScreen>
  );
}
