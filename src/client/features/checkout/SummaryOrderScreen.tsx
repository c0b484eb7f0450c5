import { OrderTotalsSummary } from '@client/components/OrderTotalsSummary';
import { VatNote } from '@client/components/VatNote';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CreateOrderRequest } from '@shared/api/orders';
import type { CartItem } from '@shared/api/cart';
import { INCOMING_TEXTS, type IncomingShipping } from '@shared/incoming';
import type { CustomerProfile, DispatchAddress } from '@shared/api/erp';
import { isBlocked } from '@shared/blocking';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { DEFAULT_DELIVERY_TYPE, DEFAULT_PAYMENT_METHOD, RESERVE_MARKER, type DeliveryType, type OrderType, type PaymentMethod } from '@shared/orders';
import { chequeFileError, createOrderSchema, ORDER_MSG } from '@shared/schemas/orders';
import { BUYER_REFERENCE_MAX, ORDER_REFERENCE_LABELS } from '@shared/schemas/orderReference';
import { chileTodayIso } from '@shared/workingDays';
import { chequeAllowed, creditAllowed, defaultInvoiceAddress } from '@shared/checkoutRules';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { selectKeptState } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import { FileField } from '@client/components/FileButton';
import { PageSpinner } from '@client/components/PageSpinner';
import { ProblemAlert } from '@client/components/ProblemAlert';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { arrivalText, IncomingLineDate } from '@client/components/incoming';
import {
  selectCheckoutError,
  selectCheckoutStatus,
  selectSessionUserId,
  selectSummary,
  selectTransports,
} from './checkoutSelectors';
import { orderSubmitted, summaryChoicesChanged, summaryOpened } from './checkoutSlice';
import { summaryChoicesOf, type SummaryChoices } from './keptChoices';
import { CHECKOUT_TEXT } from './checkoutTexts';
import { keepChequePhoto } from './chequePhotos';
import './checkoutFeature'; // the feature's slice and saga, in the store before this screen renders

export interface SummaryOrderScreenProps {
  /** The buyer's ERP profile from the session (addresses, payment condition, credit); null when it did not load. */
  profile: CustomerProfile | null;
}

interface SummaryFormValues {
  orderType: OrderType;
  tipoEntrega: DeliveryType;
  deliveryAddress: string;
  deliveryTransport: string;
  invoiceAddress: string;
  paymentMethod: PaymentMethod;
  /** The buyer's own purchase-order reference and requested delivery date ('YYYY-MM-DD'), both optional. */
  buyerReference: string;
  requestedDeliveryDate: string;
  chequePhoto: File | null;
  /**
   * The cart holds pre-order lines (docs/incoming.md): then `envioPorLlegar` is required (the schema reads this value
   * as its context) and card and transfer are not offered.
   */
  porLlegar: boolean;
  envioPorLlegar: IncomingShipping | '';
}

/** Card and transfer: not for an order with pre-order lines, which is paid as each shipment is invoiced. */
const PAID_AT_CHECKOUT: readonly PaymentMethod[] = ['WEBPAY', 'KHIPU'];

/** The date by which every pre-order line has arrived: the latest of theirs ('' when none has one). */
export const lastArrival = (lines: readonly CartItem[]) => lines.reduce((latest, line) => (line.llegada && line.llegada > latest ? line.llegada : latest), '');

/** The pre-order lines of the cart, apart, each with its date (the summary's side). */
function IncomingLines({ lines }: { lines: CartItem[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="resumen-por-llegar" sx={{ p: 2 }}>
      <Typography id="resumen-por-llegar" variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {INCOMING_TEXTS.sectionIncoming}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { mt: 1 } }}>
        {lines.map((line) => (
          <li key={line.id}>
            <Typography variant="body2">{`${line.name} talla ${line.size} · ${line.quantity}`}</Typography>
            <IncomingLineDate llegada={line.llegada} />
          </li>
        ))}
      </Box>
    </Paper>
  );
}

const addressText = (a: Pick<DispatchAddress, 'direccion' | 'comuna' | 'region'>) => [a.direccion, a.comuna, a.region].filter(Boolean).join(', ');

/** The cheque photo is checked by the form (createOrderSchema has no file); only when cheque is the payment. */
function validateChequePhoto(values: SummaryFormValues) {
  if (values.orderType !== 'ONLINE' || values.paymentMethod !== 'CHEQUE') return {};
  const error = chequeFileError(values.chequePhoto);
  return error ? { chequePhoto: error } : {};
}

/**
 * The form's first values: the choices kept for this buyer (a reload keeps them) where they still hold (an address of
 * the profile, a payment method the buyer may use), else the defaults. The transport is checked once the list loads.
 */
function initialChoices(kept: Partial<SummaryChoices> | null, profile: CustomerProfile | null, canPayCheque: boolean, canUseCredit: boolean) {
  const deliveryAddress = kept?.deliveryAddress && profile?.despacho.some((d) => d.iddespacho === kept.deliveryAddress) ? kept.deliveryAddress : '';
  const method = kept?.paymentMethod;
  const usable = method && (method === 'CHEQUE' ? canPayCheque : method === 'CREDIT' ? canUseCredit : true);
  return {
    tipoEntrega: kept?.tipoEntrega ?? DEFAULT_DELIVERY_TYPE,
    deliveryAddress,
    deliveryTransport: kept?.deliveryTransport ?? '',
    paymentMethod: usable ? method : DEFAULT_PAYMENT_METHOD,
    buyerReference: kept?.buyerReference ?? '',
    requestedDeliveryDate: kept?.requestedDeliveryDate ?? '',
    envioPorLlegar: kept?.envioPorLlegar ?? '',
  };
}

function toRequest(values: SummaryFormValues): CreateOrderRequest {
  const delivery = values.tipoEntrega === 'entrega';
  return {
    orderType: values.orderType,
    tipoEntrega: values.tipoEntrega,
    deliveryAddress: delivery ? values.deliveryAddress : '',
    deliveryTransport: delivery ? values.deliveryTransport : '',
    invoiceAddress: values.invoiceAddress,
    ...(values.orderType === 'ONLINE' ? { paymentMethod: values.paymentMethod } : {}),
    ...(values.buyerReference.trim() ? { buyerReference: values.buyerReference.trim() } : {}),
    ...(values.requestedDeliveryDate ? { requestedDeliveryDate: values.requestedDeliveryDate } : {}),
    ...(values.porLlegar && values.envioPorLlegar ? { envioPorLlegar: values.envioPorLlegar } : {}),
  };
}

/** /user/sumary-order (R-CHK-1 to R-CHK-3): delivery, payment, totals, and 'Ir a Pagar' or 'Reservar'. */
export default function SummaryOrderScreen({ profile }: SummaryOrderScreenProps) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectCheckoutStatus);
  const error = useAppSelector(selectCheckoutError);
  const summary = useAppSelector(selectSummary);
  const transports = useAppSelector(selectTransports);
  const userId = useAppSelector(selectSessionUserId);
  // the cart detail set (or cleared) the marker on the way here
  // what the store keeps across a reload (app/persistence): the reserve flow's mark and the choices made so far
  const keptState = useAppSelector(selectKeptState);
  const [reserve] = useState(() => keptState[SESSION_KEYS.reserve] === RESERVE_MARKER);
  const id = useId();
  const invoice = defaultInvoiceAddress(profile);
  const canPayCheque = chequeAllowed(profile);
  const canUseCredit = creditAllowed(profile);
  // the choices this buyer made before a reload (session storage), read once
  const [kept] = useState(() => initialChoices(summaryChoicesOf(keptState, userId), profile, canPayCheque, canUseCredit));

  useEffect(() => {
    dispatch(summaryOpened());
  }, [dispatch]);

  const formik = useFormik<SummaryFormValues>({
    initialValues: {
      orderType: reserve ? 'RESERVE' : 'ONLINE',
      ...kept,
      invoiceAddress: invoice?.idfactura ?? '',
      chequePhoto: null,
      porLlegar: false,
    },
    validationSchema: createOrderSchema,
    validate: validateChequePhoto,
    onSubmit: (values, { setSubmitting }) => {
      const request = toRequest(values);
      const chequePhotoKey = request.paymentMethod === 'CHEQUE' && values.chequePhoto ? keepChequePhoto(values.chequePhoto) : null;
      dispatch(orderSubmitted({ request, chequePhotoKey }));
      // the flow's status keeps the button disabled from here on
      setSubmitting(false);
    },
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const { values } = formik;
  const { tipoEntrega, deliveryAddress, deliveryTransport, paymentMethod, buyerReference, requestedDeliveryDate, envioPorLlegar } = values;

  // every choice is kept for this buyer as it changes (never an amount): a reload of the summary keeps them
  useEffect(() => {
    dispatch(summaryChoicesChanged({ tipoEntrega, deliveryAddress, deliveryTransport, paymentMethod, buyerReference, requestedDeliveryDate, envioPorLlegar }));
  }, [dispatch, tipoEntrega, deliveryAddress, deliveryTransport, paymentMethod, buyerReference, requestedDeliveryDate, envioPorLlegar]);

  // a kept transport that the ERP no longer lists is dropped once the list is there
  const transportListed = transports.list.some((t) => t.idTransporte === deliveryTransport);
  useEffect(() => {
    if (transports.status === 'loaded' && deliveryTransport && !transportListed) void formik.setFieldValue('deliveryTransport', '');
  }, [transports.status, deliveryTransport, transportListed, formik]);

  // the cart's pre-order lines, once read: the shipping choice is asked, and card and transfer give way to a method
  // paid as each shipment is invoiced (credit, else cheque; reserve is its own flow)
  const incoming = summary.incoming ?? [];
  const hasIncoming = incoming.length > 0;
  useEffect(() => {
    if (values.porLlegar !== hasIncoming) void formik.setFieldValue('porLlegar', hasIncoming);
    if (hasIncoming && PAID_AT_CHECKOUT.includes(values.paymentMethod)) {
      void formik.setFieldValue('paymentMethod', canUseCredit ? 'CREDIT' : canPayCheque ? 'CHEQUE' : '');
    }
  }, [hasIncoming, values.porLlegar, values.paymentMethod, canUseCredit, canPayCheque, formik]);

  const fieldError = (name: keyof SummaryFormValues) => (formik.touched[name] && (formik.errors[name] as string | undefined)) || undefined;

  const running = status === 'running';
  const delivery = values.tipoEntrega === 'entrega';
  const chequeChosen = values.paymentMethod === 'CHEQUE';
  const emptyCart = summary.status === 'loaded' && (summary.totals?.lines ?? 0) === 0;
  // disabled from the click on: Formik validates before the flow's event, and a second click in between sends nothing
  // a sales rep may build a blocked customer's cart to quote it; the order itself is refused as it is for the customer
  const blocked = isBlocked(profile);
  const canSubmit = !running && !formik.isSubmitting && summary.status === 'loaded' && !emptyCart && !blocked;

  const choosePayment = (method: PaymentMethod) => {
    void formik.setFieldValue('paymentMethod', method);
  };
  const choosePhoto = (file: File | null) => {
    void formik.setFieldTouched('chequePhoto', true, false);
    void formik.setFieldValue('chequePhoto', file, true);
  };

  const titleId = `${id}-title`;
  const deliveryLabelId = `${id}-delivery`;
  const paymentLabelId = `${id}-payment`;
  const invoiceLabelId = `${id}-invoice`;
  const shippingLabelId = `${id}-shipping`;
  const photoError = chequeChosen ? fieldError('chequePhoto') : undefined;
  // one alert at a time, each with its retry: the order that failed (repeated with the same choices: the same order or
  // Idempotency-Key, never a second order), else what did not load (the same words once when the ERP is down)
  const loadFailures = [...new Set([summary.status === 'failed' ? summary.error : null, transports.status === 'failed' ? transports.error : null])].filter(
    (text): text is string => Boolean(text),
  );
  const problem = error
    ? { message: error, retry: () => void formik.submitForm(), busy: running || !canSubmit, takeFocus: true }
    : loadFailures.length > 0
      ? { message: loadFailures.join(' '), retry: () => dispatch(summaryOpened()), busy: summary.status === 'loading' || transports.status === 'loading', takeFocus: false }
      : null;

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography id={titleId} variant="h1" component="h1" gutterBottom>
        {reserve ? CHECKOUT_TEXT.reserveTitle : CHECKOUT_TEXT.title}
      </Typography>

      {problem ? (
        // a failed 'Ir a Pagar' is answered up here, far from its button: the alert comes into view with the focus
        <ProblemAlert message={problem.message} onRetry={problem.retry} retryLabel={CHECKOUT_TEXT.retry} busy={problem.busy} takeFocus={problem.takeFocus} />
      ) : (
        (emptyCart && <ProblemAlert severity="warning" message={MSG.cartIsEmpty} />) || (blocked && <ProblemAlert severity="warning" message={MSG.blocked} />)
      )}

      <Box ref={formRef} component="form" noValidate onSubmit={formik.handleSubmit} aria-busy={running}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
          <Stack spacing={3} component="fieldset" disabled={running} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <FormControl>
              <FormLabel id={deliveryLabelId}>{CHECKOUT_TEXT.deliveryLegend}</FormLabel>
              <RadioGroup row aria-labelledby={deliveryLabelId} name="tipoEntrega" value={values.tipoEntrega} onChange={formik.handleChange}>
                <FormControlLabel value="entrega" control={<Radio />} label={CHECKOUT_TEXT.delivery} />
                <FormControlLabel value="retiro" control={<Radio />} label={CHECKOUT_TEXT.storePickup} />
              </RadioGroup>
            </FormControl>

            {delivery && (
              <>
                <TextField
                  select
                  id={`${id}-address`}
                  name="deliveryAddress"
                  label={CHECKOUT_TEXT.dispatchAddress}
                  value={values.deliveryAddress}
                  // no touch on blur: the select blurs when its menu opens, before the user could choose
                  onChange={(e) => void formik.setFieldValue('deliveryAddress', e.target.value)}
                  error={Boolean(fieldError('deliveryAddress'))}
                  helperText={fieldError('deliveryAddress')}
                  required
                  fullWidth
                  slotProps={{ inputLabel: { required: false } }}
                >
                  {(profile?.despacho ?? []).map((d) => (
                    <MenuItem key={d.iddespacho} value={d.iddespacho} sx={{ whiteSpace: 'normal' }}>
                      {addressText(d)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  id={`${id}-transport`}
                  name="deliveryTransport"
                  label={CHECKOUT_TEXT.transport}
                  // shown once the list has it (a kept transport waits for the list)
                  value={transportListed ? values.deliveryTransport : ''}
                  onChange={(e) => void formik.setFieldValue('deliveryTransport', e.target.value)}
                  error={Boolean(fieldError('deliveryTransport'))}
                  helperText={fieldError('deliveryTransport') ?? (transports.status === 'loading' ? CHECKOUT_TEXT.transportsLoading : undefined)}
                  required
                  fullWidth
                  slotProps={{ inputLabel: { required: false } }}
                >
                  {transports.list.map((t) => (
                    <MenuItem key={t.idTransporte} value={t.idTransporte}>
                      {t.transporte}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}

            <TextField
              id={`${id}-buyer-reference`}
              name="buyerReference"
              label={ORDER_REFERENCE_LABELS.buyerReference}
              value={values.buyerReference}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(fieldError('buyerReference'))}
              helperText={fieldError('buyerReference') ?? ORDER_REFERENCE_LABELS.buyerReferenceHelp}
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: BUYER_REFERENCE_MAX } }}
            />
            <TextField
              id={`${id}-delivery-date`}
              name="requestedDeliveryDate"
              type="date"
              label={ORDER_REFERENCE_LABELS.requestedDeliveryDate}
              value={values.requestedDeliveryDate}
              onChange={(e) => {
                void formik.setFieldTouched('requestedDeliveryDate', true, false);
                void formik.setFieldValue('requestedDeliveryDate', e.target.value, true);
              }}
              onBlur={formik.handleBlur}
              error={Boolean(fieldError('requestedDeliveryDate'))}
              helperText={fieldError('requestedDeliveryDate') ?? ORDER_REFERENCE_LABELS.requestedDeliveryDateHelp}
              fullWidth
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: chileTodayIso() } }}
            />

            {hasIncoming && (
              <FormControl error={Boolean(fieldError('envioPorLlegar'))}>
                <FormLabel id={shippingLabelId}>{INCOMING_TEXTS.shippingLabel}</FormLabel>
                <RadioGroup
                  aria-labelledby={shippingLabelId}
                  name="envioPorLlegar"
                  value={values.envioPorLlegar}
                  onChange={(_e, value) => {
                    void formik.setFieldTouched('envioPorLlegar', true, false);
                    void formik.setFieldValue('envioPorLlegar', value, true);
                  }}
                >
                  <FormControlLabel value="JUNTO" control={<Radio />} label={fill(INCOMING_TEXTS.shippingTogether, { date: lastArrival(incoming) ? arrivalText(lastArrival(incoming)) : '—' })} />
                  <FormControlLabel value="PARCIAL" control={<Radio />} label={INCOMING_TEXTS.shippingPartial} />
                </RadioGroup>
                {fieldError('envioPorLlegar') && <FormHelperText>{fieldError('envioPorLlegar')}</FormHelperText>}
              </FormControl>
            )}

            <Box role="group" aria-labelledby={invoiceLabelId}>
              <Typography id={invoiceLabelId} variant="subtitle2" component="p" color="text.secondary">
                {CHECKOUT_TEXT.invoiceAddress}
              </Typography>
              {invoice ? (
                <Typography>{addressText(invoice)}</Typography>
              ) : (
                // not chosen here: the default billing address comes from the ERP profile
                <FormHelperText error role="alert">
                  {ORDER_MSG.invoiceAddressRequired}
                </FormHelperText>
              )}
            </Box>

            {!reserve && (
              <FormControl error={Boolean(fieldError('paymentMethod'))}>
                <FormLabel id={paymentLabelId}>{CHECKOUT_TEXT.paymentLegend}</FormLabel>
                {hasIncoming && (
                  <FormHelperText id={`${id}-on-invoice`} sx={{ mx: 0, color: 'info.dark' }}>
                    {INCOMING_TEXTS.paymentOnInvoice}
                  </FormHelperText>
                )}
                <RadioGroup
                  aria-labelledby={paymentLabelId}
                  name="paymentMethod"
                  value={values.paymentMethod}
                  onChange={(_e, value) => choosePayment(value as PaymentMethod)}
                >
                  <FormControlLabel value="KHIPU" control={<Radio />} label={CHECKOUT_TEXT.khipu} disabled={hasIncoming} />
                  <FormControlLabel value="WEBPAY" control={<Radio />} label={CHECKOUT_TEXT.webpay} disabled={hasIncoming} />
                  <FormControlLabel value="CHEQUE" control={<Radio />} label={CHECKOUT_TEXT.cheque} disabled={!canPayCheque} />
                  {!canPayCheque && <FormHelperText sx={{ mt: -1, ml: 4 }}>{CHECKOUT_TEXT.chequeOnlyWithCondition}</FormHelperText>}
                  <FormControlLabel value="CREDIT" control={<Radio />} label={CHECKOUT_TEXT.credit} disabled={!canUseCredit} />
                  <FormHelperText sx={{ mt: -1, ml: 4 }}>
                    {canUseCredit ? fill(CHECKOUT_TEXT.availableCredit, { amount: formatCLP(profile?.limitecred) }) : CHECKOUT_TEXT.creditUnavailable}
                  </FormHelperText>
                </RadioGroup>
                {fieldError('paymentMethod') && <FormHelperText>{fieldError('paymentMethod')}</FormHelperText>}
              </FormControl>
            )}

            {!reserve && (
              <FileField
                name="chequePhoto"
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                inputLabel={CHECKOUT_TEXT.chequePhoto}
                error={photoError}
                chosen={chequeChosen && values.chequePhoto ? fill(CHECKOUT_TEXT.chequePhotoChosen, { file: values.chequePhoto.name }) : undefined}
                hint={CHECKOUT_TEXT.chequePhotoHint}
                disabled={!chequeChosen}
                startIcon={<PhotoCameraIcon />}
                sx={{ maxWidth: '100%' }}
                onChoose={choosePhoto}
              >
                {CHECKOUT_TEXT.chequePhoto}
              </FileField>
            )}
          </Stack>

          <Stack spacing={2}>
            {summary.totals ? <OrderTotalsSummary totals={summary.totals} /> : summary.status !== 'failed' && <PageSpinner label={CHECKOUT_TEXT.loading} />}
            {summary.totals && <VatNote />}
            {hasIncoming && <IncomingLines lines={incoming} />}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Button component={RouterLink} to="/user/cart-detail" startIcon={<ArrowBackIcon />} disabled={running} sx={PRIMARY_ACTION_SX}>
                {CHECKOUT_TEXT.back}
              </Button>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!canSubmit}
                startIcon={running ? <CircularProgress size={18} color="inherit" aria-label={CHECKOUT_TEXT.processing} /> : undefined}
                sx={PRIMARY_ACTION_SX}
              >
                {reserve ? MSG.summaryReserve : MSG.summaryGoPay}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Box>
    </Paper>
  );
}
