import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useEffect, useMemo } from 'react';
import { fill, MSG } from '@shared/messages';
import { LINESHEET_MARKUP, LINESHEET_SCOPES, linesheetQuery, type LinesheetFormat, type LinesheetScope } from '@shared/schemas/linesheet';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import TextInput from '@client/components/TextInput';
import type { LinesheetChoice } from './api';
import { linesheetCancelRequested, linesheetDownloadRequested, linesheetTreeRequested, progressPercent, selectLinesheet } from './linesheetSlice';
import { LINESHEET_TEXT as T } from './linesheetTexts';
import './linesheetFeature'; // the feature's slice and saga, in the store before this screen renders

/** The form as typed: the markup as text ('2,2'), the scope's fields. */
interface LinesheetForm {
  alcance: LinesheetScope;
  category: string;
  scategory: string;
  sscategory: string;
  q: string;
  markup: string;
}

const INITIAL: LinesheetForm = { alcance: 'TODO', category: '', scategory: '', sscategory: '', q: '', markup: String(LINESHEET_MARKUP.fallback).replace('.', ',') };

/** The form's problems as the server would word them (the shared schema; the format is the button's). */
const validate = (values: LinesheetForm) =>
  validateYupSchema({ ...values, format: 'pdf' }, linesheetQuery, false).then(
    () => ({}),
    (error: unknown) => yupToFormErrors<LinesheetForm>(error) as FormikErrors<LinesheetForm>,
  );

/** The choice the server gets: the schema's own reading of the form (the markup a number). */
const choiceOf = (values: LinesheetForm): LinesheetChoice => {
  const { format: _format, ...choice } = linesheetQuery.cast({ ...values, format: 'pdf' });
  return choice as LinesheetChoice;
};

/** 'Lista de precios' (docs/linesheet.md): the choice of styles and markup, and the two downloads with their progress. */
export default function LinesheetScreen() {
  const dispatch = useAppDispatch();
  const sheet = useAppSelector(selectLinesheet);
  const running = sheet.status === 'running';
  const formik = useFormik<LinesheetForm>({ initialValues: INITIAL, validate, onSubmit: () => undefined });
  const { values } = formik;

  useEffect(() => {
    dispatch(linesheetTreeRequested());
  }, [dispatch]);

  const categories = sheet.tree.data;
  const types = useMemo(() => categories.find((c) => c.descr === values.category)?.subcategorias ?? [], [categories, values.category]);
  const variants = useMemo(() => types.find((s) => s.descr === values.scategory)?.nivel3 ?? [], [types, values.scategory]);

  const download = async (format: LinesheetFormat) => {
    const errors = await formik.validateForm();
    formik.setTouched({ category: true, q: true, markup: true });
    if (Object.keys(errors).length > 0) return;
    dispatch(linesheetDownloadRequested({ format, choice: choiceOf(values) }));
  };

  const percent = progressPercent(sheet);
  const select = (name: 'category' | 'scategory' | 'sscategory', label: string, options: { descr: string }[], reset: Partial<LinesheetForm>) => (
    <TextField
      select
      id={`linesheet-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => formik.setValues({ ...values, ...reset, [name]: e.target.value })}
      onBlur={formik.handleBlur}
      error={Boolean(formik.touched[name] && formik.errors[name])}
      helperText={formik.touched[name] && formik.errors[name]}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
      disabled={options.length === 0 && name !== 'category'}
    >
      <option value="">{T.any}</option>
      {options.map((o) => (
        <option key={o.descr} value={o.descr}>
          {o.descr}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box component="section" aria-labelledby="linesheet-title" sx={{ maxWidth: 760 }}>
      <Typography id="linesheet-title" variant="h1" component="h1" gutterBottom>
        {T.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      <Paper variant="outlined" component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          <FormControl component="fieldset">
            <FormLabel component="legend" id="linesheet-scope-label">
              {T.scope}
            </FormLabel>
            <RadioGroup aria-labelledby="linesheet-scope-label" name="alcance" value={values.alcance} onChange={formik.handleChange} sx={{ flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap' }}>
              {LINESHEET_SCOPES.map((scope) => (
                <FormControlLabel key={scope} value={scope} control={<Radio />} label={T.scopes[scope]} disabled={running} />
              ))}
            </RadioGroup>
          </FormControl>
          {values.alcance === 'CATEGORIA' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select('category', T.category, categories, { scategory: '', sscategory: '' })}
              {select('scategory', T.scategory, types, { sscategory: '' })}
              {select('sscategory', T.sscategory, variants, {})}
            </Stack>
          )}
          {sheet.tree.status === 'failed' && values.alcance === 'CATEGORIA' && <Alert severity="warning">{sheet.tree.error ?? MSG.connectionProblemLater}</Alert>}
          {values.alcance === 'BUSQUEDA' && (
            <TextInput
              id="linesheet-q"
              name="q"
              label={T.query}
              value={values.q}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(formik.touched.q && formik.errors.q)}
              helperText={formik.touched.q && formik.errors.q}
              fullWidth
            />
          )}
          <TextInput
            id="linesheet-markup"
            name="markup"
            label={T.markup}
            value={values.markup}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(formik.touched.markup && formik.errors.markup)}
            helperText={(formik.touched.markup && formik.errors.markup) || T.markupHelp}
            htmlInput={{ inputMode: 'decimal' }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="contained" onClick={() => void download('xlsx')} disabled={running}>
              {T.excel}
            </Button>
            <Button variant="outlined" onClick={() => void download('pdf')} disabled={running}>
              {T.pdf}
            </Button>
          </Stack>
          {running && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {sheet.estimate ? fill(T.progress, { percent }) : T.generating}
                {sheet.styles ? ` · ${fill(T.styles, { count: sheet.styles })}` : ''}
              </Typography>
              <LinearProgress variant={sheet.estimate ? 'determinate' : 'indeterminate'} value={percent} aria-label={T.progressLabel} />
              <Button onClick={() => dispatch(linesheetCancelRequested())} sx={{ mt: 1 }}>
                {T.cancel}
              </Button>
            </Box>
          )}
          {sheet.status === 'failed' && sheet.error && <Alert severity="error">{sheet.error}</Alert>}
          {sheet.status === 'done' && sheet.filename && <Alert severity="success">{fill(T.done, { name: sheet.filename })}</Alert>}
        </Stack>
      </Paper>
    </Box>
  );
}
