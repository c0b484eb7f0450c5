import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { Banner, SaveBannerFields } from '@shared/api/banners';
import type { FileProblem } from '@shared/schemas/adminProducts';
import {
  BANNER_ACCEPT,
  BANNER_FILE_FIELDS,
  BANNER_MSG,
  BANNER_REQUIRED,
  BANNER_URL_FIELDS,
  bannerFileProblem,
  bannerSchema,
  type BannerFileField,
  type BannerForm,
} from '@shared/schemas/banners';
import { PageSpinner } from '@client/components/PageSpinner';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useAddressId } from '@client/app/addressId';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { selectBannerSave, selectEditedBanner, selectEditedBannerId } from './adminCatalogSelectors';
import { bannerCreateOpened, bannerEditOpened, bannerSaveSubmitted } from './adminCatalogSlice';
import { ADMIN_CATALOG_TEXT } from './adminCatalogTexts';
import { BANNER_LIST_PATH } from './adminPaths';
import type { BannerFiles } from './api';
import { BackLink, UploadActions, UploadFrame, useFileFields } from './FilePicker';
import { keepFiles } from './pendingFiles';
import './adminCatalogFeature'; // the feature's slice and saga, in the store before this screen renders

type FormValues = BannerForm<File>;

export type BannerFormMode = 'create' | 'update';

const LABELS: Record<BannerFileField, string> = {
  bannerImageFile: BANNER_MSG.colBanner1,
  bannerImage2File: BANNER_MSG.colBanner2,
  bannerImage3File: BANNER_MSG.colBanner3,
};

/** The multipart's text fields: the set's id and current urls on update, nothing but the names on create. */
export function bannerFields(banner: Banner | null, files: BannerFiles): SaveBannerFields {
  if (!banner) return { nameFile: BANNER_FILE_FIELDS.map((field) => files[field]?.name ?? '').join(',') };
  const { id, nameFile, urlBannerImage, urlBannerImage2, urlBannerImage3 } = banner;
  return { id, nameFile, urlBannerImage, urlBannerImage2, urlBannerImage3 };
}

function chosenFiles(values: FormValues): BannerFiles {
  const files: BannerFiles = {};
  for (const field of BANNER_FILE_FIELDS) {
    const file = values[field];
    if (file) files[field] = file;
  }
  return files;
}

/** R-ADM-BAN-2's dialog for an invalid submit: the first missing file ('Campo obligatorio'), else the first bad one. */
function submitProblem(errors: FormikErrors<FormValues>, values: FormValues): FileProblem | null {
  for (const field of BANNER_FILE_FIELDS) {
    if (errors[field] === BANNER_REQUIRED[field]) return { title: BANNER_MSG.requiredTitle, message: BANNER_REQUIRED[field] };
  }
  for (const field of BANNER_FILE_FIELDS) {
    const file = values[field];
    const problem = file ? bannerFileProblem(file) : null;
    if (problem) return problem;
  }
  return null;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <UploadFrame id="banner-form-title" title={title}>
      {children}
    </UploadFrame>
  );
}

const BackToList = () => <BackLink to={BANNER_LIST_PATH} label={ADMIN_CATALOG_TEXT.backToBanners} />;

function BannerFilesForm({ banner, running }: { banner: Banner | null; running: boolean }) {
  const dispatch = useAppDispatch();
  const formik = useFormik<FormValues>({
    initialValues: { id: banner?.id, nameFile: banner?.nameFile ?? '', bannerImageFile: null, bannerImage2File: null, bannerImage3File: null },
    validationSchema: bannerSchema,
    // an update needs at least one new file (the server answers the same)
    validate: (values) => (banner && Object.keys(chosenFiles(values)).length === 0 ? { nameFile: BANNER_MSG.nothingToUpdate } : {}),
    onSubmit: (values) => {
      const files = chosenFiles(values);
      dispatch(bannerSaveSubmitted({ fields: bannerFields(banner, files), filesKey: keepFiles(files) }));
    },
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const { values, errors } = formik;
  const { pickers, problemDialog, setProblem } = useFileFields<BannerFileField, FormValues>(formik, (_field, file) => bannerFileProblem(file));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = await formik.validateForm();
    setProblem(submitProblem(found, values));
    await formik.submitForm();
  };

  const nothingChosen = formik.submitCount > 0 ? errors.nameFile : undefined;
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2.5}>
        <Alert severity="info">{BANNER_MSG.sizeNote}</Alert>
        {nothingChosen && <Alert severity="error">{nothingChosen}</Alert>}
        {pickers(
          BANNER_FILE_FIELDS.map((field) => ({ field, label: LABELS[field], kind: 'image', accept: BANNER_ACCEPT, currentUrl: banner?.[BANNER_URL_FIELDS[field]] })),
          3,
        )}
        <UploadActions back={<BackToList />} running={running} submitLabel={banner ? ADMIN_CATALOG_TEXT.bannerUpdateButton : ADMIN_CATALOG_TEXT.bannerCreateButton} />
      </Stack>

      {problemDialog}
    </form>
  );
}

/**
 * /admin/banner-add 'Cargar Imagen Banner' (all three files) and /admin/banner-update/:id 'Actualizar Imagen Banner'
 * (the set of the id in the address, so a reload still works; each file optional).
 */
export default function BannerFormScreen({ mode }: { mode: BannerFormMode }) {
  const dispatch = useAppDispatch();
  const creating = mode === 'create';
  const addressId = useAddressId();
  const id = creating ? null : addressId;
  const banner = useAppSelector(selectEditedBanner);
  const bannerId = useAppSelector(selectEditedBannerId);
  const running = useAppSelector(selectBannerSave).status === 'running';

  useEffect(() => {
    if (creating) dispatch(bannerCreateOpened());
    else if (id !== null) dispatch(bannerEditOpened(id));
  }, [dispatch, creating, id]);

  if (creating) {
    return (
      <Frame title={BANNER_MSG.createTitle}>
        <BannerFilesForm banner={null} running={running} />
      </Frame>
    );
  }

  // an earlier visit's set (or its failure) is never shown while this one loads
  const asked = id !== null && bannerId === id;
  const current = asked && banner.status === 'loaded' ? banner.data : null;
  const failed = asked && banner.status === 'failed';
  return (
    <Frame title={BANNER_MSG.updateTitle}>
      {id === null || failed ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity={id === null ? 'info' : 'error'}>{id === null ? ADMIN_CATALOG_TEXT.noBannerChosen : banner.error}</Alert>
          <BackToList />
        </Stack>
      ) : current ? (
        <BannerFilesForm key={current.id} banner={current} running={running} />
      ) : (
        <PageSpinner label={ADMIN_CATALOG_TEXT.loading} />
      )}
    </Frame>
  );
}
