import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LINESHEET_FORMATS, LINESHEET_SCOPES, linesheetSendSchema, type LinesheetFormat } from '@shared/schemas/linesheet';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import RutField from '@client/components/RutField';
import TextInput from '@client/components/TextInput';
import type { LinesheetSendBody } from './api';
import { INITIAL_CHOICE, LinesheetChoiceFields, type LinesheetChoiceForm } from './LinesheetChoiceFields';
import { linesheetSendRequested, selectLinesheet, type LinesheetSender } from './linesheetSlice';
import { LINESHEET_TEXT, LINESHEET_SEND_TEXT as T } from './linesheetTexts';
import './linesheetFeature'; // the feature's slice and saga, in the store before this screen renders

/** The form: the customer, where to, a message, the format and the choice of styles. */
interface SendForm extends LinesheetChoiceForm {
  rut: string;
  email: string;
  mensaje: string;
  format: LinesheetFormat;
}

/** A saved list is the buyer's own: the mail offers every other scope. */
const SCOPES = LINESHEET_SCOPES.filter((s) => s !== 'LISTA');

/** The form's problems as the server words them (the shared schema). */
const validate = (values: SendForm) =>
  validateYupSchema(values, linesheetSendSchema, false).then(
    () => ({}),
    (error: unknown) => yupToFormErrors<SendForm>(error) as FormikErrors<SendForm>,
  );

/** The body the server gets: the schema's own reading of the form (the markup a number). */
const bodyOf = (values: SendForm): LinesheetSendBody => {
  const { lista: _lista, ...body } = linesheetSendSchema.cast(values);
  return body as LinesheetSendBody;
};

/**
 * 'Enviar lista de precios' (docs/linesheet.md): an admin sends any customer of the ERP, a rep a customer they attend,
 * the customer's own line sheet by mail (their prices, as their cart charges them), to the e-mail typed or, left
 * empty, the customer's e-mail in the ERP. A rep's 'Mis clientes' opens it with the customer's rut (`?rut=`).
 */
export default function LinesheetSendScreen({ who }: { who: LinesheetSender }) {
  const dispatch = useAppDispatch();
  const { send } = useAppSelector(selectLinesheet);
  const [params] = useSearchParams();
  const [initialValues] = useState<SendForm>(() => ({ ...INITIAL_CHOICE, rut: params.get('rut') ?? '', email: '', mensaje: '', format: 'xlsx' }));
  const formik = useFormik<SendForm>({
    initialValues,
    validate,
    onSubmit: (values) => {
      dispatch(linesheetSendRequested({ who, body: bodyOf(values) }));
    },
  });
  const { values, touched, errors } = formik;

  return (
    <Box component="section" aria-labelledby="linesheet-send-title" sx={{ maxWidth: 760 }}>
      <Typography id="linesheet-send-title" variant="h1" component="h1" gutterBottom>
        {T.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {who === 'admin' ? T.introAdmin : T.introRep}
      </Typography>
      <Paper variant="outlined" component="form" noValidate onSubmit={formik.handleSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <RutField
            id="linesheet-send-rut"
            name="rut"
            label={T.rut}
            value={values.rut}
            onChange={(formatted) => void formik.setFieldValue('rut', formatted)}
            onBlur={formik.handleBlur}
            error={touched.rut ? errors.rut : undefined}
          />
          <TextInput
            id="linesheet-send-email"
            name="email"
            type="email"
            label={T.email}
            value={values.email}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(touched.email && errors.email)}
            helperText={(touched.email && errors.email) || T.emailHelp}
            fullWidth
          />
          <LinesheetChoiceFields formik={formik} scopes={SCOPES} running={send.sending} />
          <FormControl component="fieldset">
            <FormLabel component="legend" id="linesheet-send-format-label">
              {T.format}
            </FormLabel>
            <RadioGroup aria-labelledby="linesheet-send-format-label" name="format" value={values.format} onChange={formik.handleChange} row>
              {LINESHEET_FORMATS.map((format) => (
                <FormControlLabel key={format} value={format} control={<Radio />} label={T.formats[format]} disabled={send.sending} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            id="linesheet-send-mensaje"
            name="mensaje"
            label={T.message}
            value={values.mensaje}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(touched.mensaje && errors.mensaje)}
            helperText={touched.mensaje && errors.mensaje}
            multiline
            minRows={2}
            fullWidth
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={send.sending}
              startIcon={send.sending ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
            >
              {send.sending ? T.sending : T.send}
            </Button>
          </Box>
          {send.sending && (
            <Typography role="status" variant="body2">
              {LINESHEET_TEXT.generating}
            </Typography>
          )}
          {send.error && <Alert severity="error">{send.error}</Alert>}
          {send.result && (
            <Alert severity="success" role="status">
              {send.result.message} · {send.result.company} · {send.result.filename}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
