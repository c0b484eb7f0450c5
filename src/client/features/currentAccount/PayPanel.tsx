import { dteDocumentName } from '@shared/accountRules';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect, useMemo } from 'react';
import { DTE_TYPE_NAMES, type AccountPayLine } from '@shared/api/account';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { ACCOUNT_MSG, paySelectionSchema } from '@shared/schemas/account';
import * as yup from '@shared/yup';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { partialCandidate, selectAccountPay, selectChosen, selectPartialAmount, selectPartialRefused, selectPayPreview } from './currentAccountSelectors';
import { partialAmountChanged, partialAmountRefused, paymentSubmitted, selectionCleared, type AccountPayChoice } from './currentAccountSlice';
import { CURRENT_ACCOUNT_TEXT as T } from './currentAccountTexts';

// 'Pagar' of the chosen documents: the server's preview (each line, credit notes as deductions, and the total; never a
// sum made here), a partial amount when one invoice is chosen, the provider, and 'Pagar' to the payments flow.

type Method = AccountPayChoice['method'];

interface PayValues {
  partial: boolean;
  amount: string;
  method: Method;
}

/** The shared amount rule (whole pesos, > 0), at most the invoice's balance; '' is the whole balance. */
function payFormSchema(balance: number) {
  const amount = (paySelectionSchema.fields.amount as yup.NumberSchema<number | undefined>)
    .transform((value: number, original: unknown) => (typeof original === 'string' && original.trim() === '' ? undefined : value))
    .max(balance, fill(T.partialTooMuch, { balance: formatCLP(balance) }));
  return yup.object({
    partial: yup.boolean(),
    amount: amount.when('partial', { is: true, then: (schema) => schema.required(ACCOUNT_MSG.amount) }),
  });
}

const lineName = (line: AccountPayLine) => (line.folio === null ? DTE_TYPE_NAMES[line.dteType] : dteDocumentName(line.dteType, line.folio));

/** A line's name, with its installment when the document is paid in more than one line. */
const lineNames = (lines: AccountPayLine[]) => {
  const count = new Map<string, number>();
  for (const l of lines) count.set(`${l.kind}:${l.docEntry}`, (count.get(`${l.kind}:${l.docEntry}`) ?? 0) + 1);
  return lines.map((l) => ((count.get(`${l.kind}:${l.docEntry}`) ?? 0) > 1 ? fill(T.installmentOf, { document: lineName(l), installment: l.installmentId }) : lineName(l)));
};

export function PayPanel({ initialMethod }: { initialMethod: Method }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectChosen);
  const partialAmount = useAppSelector(selectPartialAmount);
  const partialRefused = useAppSelector(selectPartialRefused);
  const preview = useAppSelector(selectPayPreview);
  const names = preview.data ? lineNames(preview.data.lines) : [];
  const pay = useAppSelector(selectAccountPay);
  const candidate = partialCandidate(chosen);
  const balance = candidate?.balance ?? 0;
  const schema = useMemo(() => payFormSchema(balance), [balance]);

  const formik = useFormik<PayValues>({
    initialValues: { partial: partialAmount !== null, amount: partialAmount !== null ? String(partialAmount) : '', method: initialMethod },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(paymentSubmitted({ method: values.method }));
    },
  });
  const formRef = useFocusFirstError(formik);
  const { partial, amount } = formik.values;

  // a valid partial amount is what the preview (and the payment) takes; off, the whole balance
  // (told only when it differs: each change asks the server again); an amount not valid yet shows no preview at all
  useEffect(() => {
    const wanted = candidate && partial ? (schema.isValidSync({ partial, amount }) ? Number(amount.trim()) : undefined) : null;
    if (wanted === undefined) {
      if (!partialRefused) dispatch(partialAmountRefused());
    } else if (wanted !== partialAmount || partialRefused) dispatch(partialAmountChanged(wanted));
  }, [dispatch, candidate, partial, amount, schema, partialAmount, partialRefused]);

  const count = chosen.length;
  const amountError = (formik.touched.amount && formik.errors.amount) || undefined;
  const ready = preview.status === 'loaded' && preview.data !== null && pay.status !== 'running';

  return (
    <Paper component="section" aria-labelledby="account-pay-title" variant="outlined" sx={{ mt: 2, p: 2 }}>
      <Typography id="account-pay-title" variant="h6" component="h2">
        {T.payTitle}
      </Typography>
      {count === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {T.payNothing}
        </Typography>
      ) : (
        <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="body2" aria-live="polite">
              {count === 1 ? T.payOneSelected : fill(T.paySelected, { count })}
            </Typography>
            <Button size="small" onClick={() => dispatch(selectionCleared())}>
              {T.clearSelection}
            </Button>
          </Stack>

          {preview.status === 'loading' && <LinearProgress aria-label={T.payComputing} sx={{ my: 1 }} />}
          {preview.status === 'failed' && (
            <Alert severity="error" sx={{ my: 1 }}>
              {preview.error}
            </Alert>
          )}
          {preview.status === 'loaded' && preview.data && (
            <Table size="small" aria-label={T.payLines} sx={{ my: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.payDocument}</TableCell>
                  <TableCell align="right">{T.payAmount}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.data.lines.map((line, n) => (
                  <TableRow key={`${line.kind}:${line.docEntry}:${line.installmentId}`}>
                    <TableCell>
                      {names[n]}
                      {line.amount < 0 && (
                        <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                          {T.payCredit}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{formatCLP(line.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                {preview.data.credits > 0 && (
                  <TableRow>
                    <TableCell>{T.payCredits}</TableCell>
                    <TableCell align="right">{formatCLP(-preview.data.credits)}</TableCell>
                  </TableRow>
                )}
                <TableRow>
                  <TableCell sx={{ fontWeight: 700, fontSize: '1rem', color: 'text.primary' }}>
                    <span id="account-pay-total-label">{T.payTotal}</span>
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, fontSize: '1rem', color: 'text.primary' }}>
                    <output aria-labelledby="account-pay-total-label" aria-live="polite">
                      {formatCLP(preview.data.total)}
                    </output>
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          )}

          {candidate && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1, alignItems: { sm: 'flex-start' } }}>
              <FormControlLabel
                control={<Checkbox name="partial" checked={partial} onChange={formik.handleChange} />}
                label={T.partial}
              />
              {partial && (
                <TextField
                  id="account-partial-amount"
                  name="amount"
                  label={T.partialAmount}
                  value={amount}
                  onChange={formik.handleChange}
                  onBlur={formik.handleBlur}
                  error={Boolean(amountError)}
                  helperText={amountError ?? fill(T.partialHelp, { balance: formatCLP(balance) })}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                  size="small"
                />
              )}
            </Stack>
          )}

          <FormControl sx={{ mt: 1 }}>
            <FormLabel id="account-method-label">{T.paymentMethod}</FormLabel>
            <RadioGroup aria-labelledby="account-method-label" name="method" value={formik.values.method} onChange={formik.handleChange}>
              <FormControlLabel value="WEBPAY" control={<Radio />} label={T.webpay} />
              <FormControlLabel value="KHIPU" control={<Radio />} label={T.khipu} />
            </RadioGroup>
          </FormControl>

          {pay.status === 'failed' && pay.error && (
            <Alert severity="error" sx={{ my: 1 }}>
              {pay.error}
            </Alert>
          )}
          <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={!ready} sx={{ minHeight: 44 }}>
              {T.pay}
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
