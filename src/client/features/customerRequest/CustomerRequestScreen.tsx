import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect } from 'react';
import type { CustomerRequestFields } from '@shared/api/customerRequest';
import { fill } from '@shared/messages';
import { compactRut } from '@shared/rut';
import { CUSTOMER_REQUEST_LABELS as LABELS, CUSTOMER_REQUEST_MSG, customerRequestSchema } from '@shared/schemas/customerRequest';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { brandName } from '@client/components/brand';
import FormCard from '@client/components/FormCard';
import RutField from '@client/components/RutField';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { selectCustomerRequest } from './customerRequestSelectors';
import { errorClosed, noRecipientClosed, requestScreenOpened, requestSubmitted } from './customerRequestSlice';
import { CUSTOMER_REQUEST_TEXT as T } from './customerRequestTexts';
import { NoRecipientDialog } from './NoRecipientDialog';
import './customerRequestFeature'; // the feature's slice and saga, in the store before this screen renders

type Field = keyof CustomerRequestFields;
type Kind = 'text' | 'rut' | 'phone' | 'cellphone' | 'email' | 'secret';

/** The fields of R-REQ-1, in the form's order, by group; the kind decides the input. */
const GROUPS: { title: string; fields: [Field, Kind][] }[] = [
  {
    title: T.companyGroup,
    fields: [
      ['companyName', 'text'],
      ['rutCompany', 'rut'],
      ['giro', 'text'],
      ['addressCompany', 'text'],
      ['region', 'text'],
      ['city', 'text'],
      ['commune', 'text'],
      ['telephone', 'phone'],
      ['cellphone', 'cellphone'],
    ],
  },
  {
    title: T.legalGroup,
    fields: [
      ['legalRepresentative', 'text'],
      ['rutLegalRepresentative', 'rut'],
      ['emailRepresentative', 'email'],
    ],
  },
  {
    title: T.contactGroup,
    fields: [
      ['nameContactCompany', 'text'],
      ['rutContactCompany', 'rut'],
      ['cargoContactCompany', 'text'],
      ['telephoneContactCompany', 'phone'],
      ['cellphoneContactCompany', 'cellphone'],
      ['emailContactCompany', 'email'],
    ],
  },
  {
    title: T.taxGroup,
    fields: [
      ['codeTax', 'text'],
      ['passwordTax', 'secret'],
    ],
  },
];

const RUTS: Field[] = ['rutCompany', 'rutLegalRepresentative', 'rutContactCompany'];

export const emptyRequest = Object.fromEntries(GROUPS.flatMap((g) => g.fields.map(([name]) => [name, '']))) as unknown as CustomerRequestFields;

/** What is sent: ruts without dots (R-RUT-1), text trimmed, the tax password as typed. */
export function toRequestFields(values: CustomerRequestFields): CustomerRequestFields {
  const out = { ...values };
  for (const name of Object.keys(out) as Field[]) {
    if (name === 'passwordTax') continue;
    out[name] = RUTS.includes(name) ? compactRut(values[name]) : values[name].trim();
  }
  return out;
}

const inputProps: Record<Exclude<Kind, 'rut'>, Partial<TextFieldProps>> = {
  text: { autoComplete: 'off' },
  phone: { type: 'tel', autoComplete: 'off', slotProps: { htmlInput: { inputMode: 'numeric' } } },
  cellphone: {
    type: 'tel',
    autoComplete: 'off',
    slotProps: {
      input: { startAdornment: <InputAdornment position="start">{T.cellphonePrefix}</InputAdornment> },
      htmlInput: { inputMode: 'numeric' },
    },
  },
  email: { type: 'email', autoComplete: 'off' },
  // never offered to a password manager as the visitor's own password
  secret: { type: 'password', autoComplete: 'new-password' },
};

/**
 * /user/user-creation-req (R-REQ-1 to R-REQ-3): 'Ficha de Registro de Cliente', open to visitors.
 * One column on phones, two from tablets up.
 */
export default function CustomerRequestScreen() {
  const dispatch = useAppDispatch();
  const { status, error, noRecipient } = useAppSelector(selectCustomerRequest);
  const running = status === 'running';

  useEffect(() => {
    dispatch(requestScreenOpened());
  }, [dispatch]);

  const formik = useFormik<CustomerRequestFields>({
    initialValues: emptyRequest,
    validationSchema: customerRequestSchema,
    onSubmit: (values) => {
      dispatch(requestSubmitted(toRequestFields(values)));
    },
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: Field): string | undefined => (formik.touched[name] && formik.errors[name]) || undefined;

  const input = (name: Field, kind: Kind) => {
    const id = `customer-request-${name}`;
    if (kind === 'rut') {
      return (
        <RutField
          key={name}
          id={id}
          name={name}
          label={LABELS[name]}
          value={formik.values[name]}
          onChange={(v) => void formik.setFieldValue(name, v)}
          onBlur={formik.handleBlur}
          error={fieldError(name)}
        />
      );
    }
    const { slotProps, ...extra } = inputProps[kind];
    return (
      <TextField
        {...extra}
        key={name}
        id={id}
        name={name}
        label={LABELS[name]}
        value={formik.values[name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(fieldError(name))}
        helperText={fieldError(name)}
        required
        fullWidth
        slotProps={{ ...slotProps, inputLabel: { required: false } }}
      />
    );
  };

  return (
    <>
      <FormCard
        id="customer-request"
        title={CUSTOMER_REQUEST_MSG.title}
        maxWidth={880}
        error={error}
        onErrorClose={() => dispatch(errorClosed())}
        onSubmit={formik.handleSubmit}
        formRef={formRef}
      >
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
        {GROUPS.map((group) => (
          <Box key={group.title} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="h2" sx={{ mb: 1.5, p: 0 }}>
              {group.title}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
              {group.fields.map(([name, kind]) => input(name, kind))}
            </Box>
          </Box>
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={running}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
            startIcon={running ? <CircularProgress size={18} color="inherit" aria-label={T.sending} /> : undefined}
          >
            {T.submit}
          </Button>
        </Box>
      </FormCard>
      <NoRecipientDialog open={noRecipient} text={fill(CUSTOMER_REQUEST_MSG.noRecipient, { brand: brandName })} onClose={() => dispatch(noRecipientClosed())} />
    </>
  );
}
