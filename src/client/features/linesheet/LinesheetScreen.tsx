import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fill } from '@shared/messages';
import { LINESHEET_SCOPES, linesheetQuery, type LinesheetFormat } from '@shared/schemas/linesheet';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import type { LinesheetChoice } from './api';
import { CHOICE_TOUCHED, INITIAL_CHOICE, LinesheetChoiceFields, type LinesheetChoiceForm } from './LinesheetChoiceFields';
import { linesheetCancelRequested, linesheetDownloadRequested, progressPercent, selectLinesheet } from './linesheetSlice';
import { LINESHEET_TEXT as T } from './linesheetTexts';
import './linesheetFeature'; // the feature's slice and saga, in the store before this screen renders

/** The form as the address asks for it: a saved list's page links here with `?alcance=LISTA&lista=<id>`. */
function initialOf(params: URLSearchParams, lists: boolean): LinesheetChoiceForm {
  const lista = params.get('lista') ?? '';
  return lists && params.get('alcance') === 'LISTA' && /^\d{1,9}$/.test(lista) ? { ...INITIAL_CHOICE, alcance: 'LISTA', lista } : INITIAL_CHOICE;
}

/** The form's problems as the server would word them (the shared schema; the format is the button's). */
const validate = (values: LinesheetChoiceForm) =>
  validateYupSchema({ ...values, format: 'pdf' }, linesheetQuery, false).then(
    () => ({}),
    (error: unknown) => yupToFormErrors<LinesheetChoiceForm>(error) as FormikErrors<LinesheetChoiceForm>,
  );

/** The choice the server gets: the schema's own reading of the form (the markup a number). */
const choiceOf = (values: LinesheetChoiceForm): LinesheetChoice => {
  const { format: _format, ...choice } = linesheetQuery.cast({ ...values, format: 'pdf' });
  return choice as LinesheetChoice;
};

/**
 * 'Lista de precios' (docs/linesheet.md): the choice of styles and markup, and the two downloads with their progress.
 * `savedLists`: the person may keep lists (the router tells: a role that buys), so a list may be the choice.
 */
export default function LinesheetScreen({ savedLists = false }: { savedLists?: boolean }) {
  const dispatch = useAppDispatch();
  const sheet = useAppSelector(selectLinesheet);
  const running = sheet.status === 'running';
  const [params] = useSearchParams();
  const [initialValues] = useState(() => initialOf(params, savedLists));
  const formik = useFormik<LinesheetChoiceForm>({ initialValues, validate, onSubmit: () => undefined });
  const { values } = formik;
  const scopes = savedLists ? LINESHEET_SCOPES : LINESHEET_SCOPES.filter((s) => s !== 'LISTA');

  const download = async (format: LinesheetFormat) => {
    const errors = await formik.validateForm();
    formik.setTouched(CHOICE_TOUCHED);
    if (Object.keys(errors).length > 0) return;
    dispatch(linesheetDownloadRequested({ format, choice: choiceOf(values) }));
  };

  const percent = progressPercent(sheet);
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
          <LinesheetChoiceFields formik={formik} scopes={scopes} running={running} />
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
