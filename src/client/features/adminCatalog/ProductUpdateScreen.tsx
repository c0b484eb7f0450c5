import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { AdminProduct, SaveProductFields } from '@shared/api/adminProducts';
import {
  ADMIN_PRODUCT_MSG,
  fileProblem,
  PRODUCT_ACCEPT,
  PRODUCT_FILE_FIELDS,
  PRODUCT_FILES,
  PRODUCT_GENEROS,
  productUpdateSchema,
  type ProductFileField,
  type ProductUpdateForm } from '@shared/schemas/adminProducts';
import { PageSpinner } from '@client/components/PageSpinner';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { selectEditedProduct, selectEditedProductSku, selectProductSave } from './adminCatalogSelectors';
import { DESCRIPTION_PARAM, PRODUCT_LIST_PATH } from './adminPaths';
import { productEditOpened, productSaveSubmitted } from './adminCatalogSlice';
import { ADMIN_CATALOG_TEXT } from './adminCatalogTexts';
import { BackLink, UploadActions, UploadFrame, useFileFields } from './FilePicker';
import { keepFiles } from './pendingFiles';
import type { ProductFiles } from './api';
import './adminCatalogFeature'; // the feature's slice and saga, in the store before this screen renders

type FormValues = ProductUpdateForm<File>;

/** The form's starting values: the record's data and current files; no file chosen yet. */
export function initialValues(record: AdminProduct, sku: string, description: string): FormValues {
  return {
    id: record.id,
    sku: record.sku || sku,
    name: record.name || description,
    offer: record.offer,
    genero: record.genero ?? '',
    percentage: record.offer && record.percentage ? String(record.percentage) : '',
    enabled: record.enabled,
    mainUrlImage: record.mainUrlImage,
    secondUrlImage: record.secondUrlImage,
    thirdUrlImage: record.thirdUrlImage,
    urlTechnicalSheet: record.urlTechnicalSheet,
    sizeGuideUrl: record.urlSizeGuideImage,
    imageMain: null,
    imageSecond: null,
    imageThird: null,
    sizeGuideFile: null,
    technicalSheetFilePdf: null,
  };
}

/** The multipart's text fields: without an offer, genero and percentage go empty (the fields were disabled). */
export function saveFields(values: FormValues): SaveProductFields {
  const offer = values.offer === true;
  return {
    id: values.id ?? 0,
    sku: values.sku,
    name: values.name,
    offer,
    genero: offer ? values.genero : '',
    percentage: offer ? Number(values.percentage) : 0,
    enabled: values.enabled === true,
    mainUrlImage: values.mainUrlImage,
    secondUrlImage: values.secondUrlImage,
    thirdUrlImage: values.thirdUrlImage,
    urlTechnicalSheet: values.urlTechnicalSheet,
    sizeGuideUrl: values.sizeGuideUrl,
  };
}

function chosenFiles(values: FormValues): ProductFiles {
  const files: ProductFiles = {};
  for (const field of PRODUCT_FILE_FIELDS) {
    const file = values[field];
    if (file) files[field] = file;
  }
  return files;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <UploadFrame id="product-update-title" title={ADMIN_CATALOG_TEXT.productUpdateTitle}>
      {children}
    </UploadFrame>
  );
}

const BackToList = () => <BackLink to={PRODUCT_LIST_PATH} label={ADMIN_CATALOG_TEXT.backToProducts} />;

function ProductForm({ record, sku, description, running }: { record: AdminProduct; sku: string; description: string; running: boolean }) {
  const dispatch = useAppDispatch();
  const formik = useFormik<FormValues>({
    initialValues: initialValues(record, sku, description),
    validationSchema: productUpdateSchema,
    onSubmit: (values) => {
      const filesKey = keepFiles(chosenFiles(values));
      dispatch(productSaveSubmitted({ fields: saveFields(values), filesKey }));
    },
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const { values, touched, errors } = formik;
  // Each file is checked when chosen: a dialog with the spec's title and text, and the message stays under the field.
  const { pickers, problemDialog } = useFileFields<ProductFileField, FormValues>(formik, (field, file) => fileProblem(PRODUCT_FILES[field].kind, file));
  const offer = values.offer === true;
  const fieldError = (field: keyof FormValues): string | undefined => (touched[field] && typeof errors[field] === 'string' ? errors[field] : undefined);

  return (
    <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={ADMIN_CATALOG_TEXT.skuLabel} name="sku" value={values.sku} slotProps={{ input: { readOnly: true } }} sx={{ flex: 1 }} />
          <TextField label={ADMIN_CATALOG_TEXT.nameLabel} name="name" value={values.name} slotProps={{ input: { readOnly: true } }} sx={{ flex: 2 }} />
        </Stack>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormControlLabel
            control={<Switch name="offer" checked={offer} onChange={(_e, checked) => void formik.setFieldValue('offer', checked)} />}
            label={ADMIN_CATALOG_TEXT.offerLabel}
            sx={{ minWidth: 120, mt: { sm: 1 } }}
          />
          <TextField
            select
            label={ADMIN_CATALOG_TEXT.generoLabel}
            name="genero"
            value={values.genero}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            disabled={!offer}
            error={offer && Boolean(fieldError('genero'))}
            helperText={offer ? fieldError('genero') : undefined}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <MenuItem value="">{ADMIN_CATALOG_TEXT.select}</MenuItem>
            {PRODUCT_GENEROS.map((genero) => (
              <MenuItem key={genero} value={genero}>
                {genero}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={ADMIN_CATALOG_TEXT.percentageLabel}
            name="percentage"
            value={values.percentage}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            disabled={!offer}
            error={offer && Boolean(fieldError('percentage'))}
            helperText={offer ? fieldError('percentage') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
        </Stack>

        <FormControlLabel
          control={<Switch name="enabled" checked={values.enabled === true} onChange={(_e, checked) => void formik.setFieldValue('enabled', checked)} />}
          label={ADMIN_CATALOG_TEXT.enabledLabel}
        />

        <Typography component="h2" variant="h2">
          {ADMIN_CATALOG_TEXT.filesTitle}
        </Typography>
        {pickers(
          PRODUCT_FILE_FIELDS.map((field) => {
            const spec = PRODUCT_FILES[field];
            return { field, label: spec.label, kind: spec.kind, accept: PRODUCT_ACCEPT[spec.kind], currentUrl: values[spec.urlField] };
          }),
          2,
        )}

        <UploadActions back={<BackToList />} running={running} submitLabel={ADMIN_PRODUCT_MSG.updateButton} />
      </Stack>

      {problemDialog}
    </form>
  );
}

/**
 * /admin/product/update/:sku?descripcion=… (R-ADM-PROD-2): the sku and description come from the address, so a
 * reload still works; offer data, enabled and the five files of the portal's record.
 */
export default function ProductUpdateScreen() {
  const dispatch = useAppDispatch();
  const sku = useParams().sku || null;
  const description = useSearchParams()[0].get(DESCRIPTION_PARAM) ?? '';
  const product = useAppSelector(selectEditedProduct);
  const productSku = useAppSelector(selectEditedProductSku);
  const save = useAppSelector(selectProductSave);

  useEffect(() => {
    if (sku) dispatch(productEditOpened(sku));
  }, [dispatch, sku]);

  if (!sku) {
    return (
      <Frame>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info">{ADMIN_CATALOG_TEXT.noProductChosen}</Alert>
          <BackToList />
        </Stack>
      </Frame>
    );
  }

  // an earlier visit's record (or another sku's) is never shown while this one loads
  const current = productSku === sku ? product : null;
  return (
    <Frame>
      {current?.status === 'failed' ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{current.error}</Alert>
          <BackToList />
        </Stack>
      ) : current?.status === 'loaded' && current.data ? (
        <ProductForm key={sku} record={current.data} sku={sku} description={description} running={save.status === 'running'} />
      ) : (
        <PageSpinner label={ADMIN_CATALOG_TEXT.loading} />
      )}
    </Frame>
  );
}
