import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormikErrors, FormikProps, FormikTouched } from 'formik';
import { useEffect, useMemo } from 'react';
import { fill, MSG } from '@shared/messages';
import { LINESHEET_MARKUP, type LinesheetScope } from '@shared/schemas/linesheet';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import TextInput from '@client/components/TextInput';
import { linesheetListsRequested, linesheetTreeRequested, selectLinesheet } from './linesheetSlice';
import { LINESHEET_TEXT as T } from './linesheetTexts';

/** The choice of styles and markup as typed: the markup as text ('2,2'), the scope's fields. */
export interface LinesheetChoiceForm {
  alcance: LinesheetScope;
  category: string;
  scategory: string;
  sscategory: string;
  q: string;
  /** The saved list's id, as the select holds it ('' none). */
  lista: string;
  markup: string;
}

export const INITIAL_CHOICE: LinesheetChoiceForm = { alcance: 'TODO', category: '', scategory: '', sscategory: '', q: '', lista: '', markup: String(LINESHEET_MARKUP.fallback).replace('.', ',') };

/** The fields to mark touched when the form is sent (their errors shown). */
export const CHOICE_TOUCHED = { category: true, q: true, lista: true, markup: true } as const;

/**
 * The choice of styles of a line sheet (the scopes offered, a category with its type and variant, a search, a saved
 * list) and the markup: the buyer's download and the mail to a customer share it. The categories (and the lists, when
 * a list is the scope) are read by the feature's saga.
 */
export function LinesheetChoiceFields<F extends LinesheetChoiceForm>({ formik, scopes, running }: { formik: FormikProps<F>; scopes: readonly LinesheetScope[]; running: boolean }) {
  const dispatch = useAppDispatch();
  const sheet = useAppSelector(selectLinesheet);
  const { values } = formik;
  // the choice's own fields, whatever else the form holds
  const errors = formik.errors as FormikErrors<LinesheetChoiceForm>;
  const touched = formik.touched as FormikTouched<LinesheetChoiceForm>;
  const wantsLists = values.alcance === 'LISTA';

  useEffect(() => {
    dispatch(linesheetTreeRequested());
  }, [dispatch]);

  useEffect(() => {
    if (wantsLists) dispatch(linesheetListsRequested());
  }, [dispatch, wantsLists]);

  const categories = sheet.tree.data;
  const types = useMemo(() => categories.find((c) => c.descr === values.category)?.subcategorias ?? [], [categories, values.category]);
  const variants = useMemo(() => types.find((s) => s.descr === values.scategory)?.nivel3 ?? [], [types, values.scategory]);

  const select = (name: 'category' | 'scategory' | 'sscategory', label: string, options: { descr: string }[], reset: Partial<LinesheetChoiceForm>) => (
    <TextField
      select
      id={`linesheet-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => void formik.setValues({ ...values, ...reset, [name]: e.target.value })}
      onBlur={formik.handleBlur}
      error={Boolean(touched[name] && errors[name])}
      helperText={touched[name] && (errors[name])}
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
    <>
      <FormControl component="fieldset">
        <FormLabel component="legend" id="linesheet-scope-label">
          {T.scope}
        </FormLabel>
        <RadioGroup aria-labelledby="linesheet-scope-label" name="alcance" value={values.alcance} onChange={formik.handleChange} sx={{ flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap' }}>
          {scopes.map((scope) => (
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
      {wantsLists && (
        <TextField
          select
          id="linesheet-lista"
          name="lista"
          label={T.list}
          value={values.lista}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={Boolean(touched.lista && errors.lista)}
          helperText={(touched.lista && errors.lista) || (sheet.lists.status === 'loaded' && sheet.lists.data.length === 0 ? T.noLists : undefined)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
          disabled={running}
        >
          <option value="">{sheet.lists.status === 'loading' ? T.loadingLists : T.chooseList}</option>
          {sheet.lists.data.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.mine ? l.name : `${l.name} · ${l.owner}`}
            </option>
          ))}
          {/* a list the address names that is not (or not yet) among the loaded ones keeps its value */}
          {values.lista && !sheet.lists.data.some((l) => String(l.id) === values.lista) && <option value={values.lista}>{fill(T.listNumber, { id: values.lista })}</option>}
        </TextField>
      )}
      {wantsLists && sheet.lists.status === 'failed' && <Alert severity="warning">{sheet.lists.error ?? MSG.connectionProblemLater}</Alert>}
      {values.alcance === 'BUSQUEDA' && (
        <TextInput
          id="linesheet-q"
          name="q"
          label={T.query}
          value={values.q}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={Boolean(touched.q && errors.q)}
          helperText={touched.q && errors.q}
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
        error={Boolean(touched.markup && errors.markup)}
        helperText={(touched.markup && errors.markup) || T.markupHelp}
        htmlInput={{ inputMode: 'decimal' }}
      />
    </>
  );
}
