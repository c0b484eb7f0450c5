import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormikProps } from 'formik';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fill } from '@shared/messages';
import type { FileProblem } from '@shared/schemas/adminProducts';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { FileField } from '@client/components/FileButton';
import { ADMIN_CATALOG_TEXT } from './adminCatalogTexts';

export interface FilePickerProps {
  name: string;
  /** The picker's label: also the accessible name of its input. */
  label: string;
  kind: 'image' | 'pdf';
  accept: string;
  /** The file the record has now ('' when none). */
  currentUrl?: string;
  /** The file chosen here, not sent yet. */
  file: File | null;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
}

const previewSx = { width: 120, height: 72, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100', display: 'block' } as const;

const canPreview = () => typeof URL.createObjectURL === 'function';

/** A browser preview of a chosen image: the object url lives as long as the image shows this file. */
function ChosenPreview({ file, alt }: { file: File; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) return undefined;
    const url = URL.createObjectURL(file);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <Box component="img" ref={ref} alt={alt} sx={previewSx} />;
}

/** One file field: what the record has now, the file chosen to replace it, and the rule's message. */
export function FilePicker({ name, label, kind, accept, currentUrl, file, error, hint, disabled, onChoose }: FilePickerProps) {
  const current = currentUrl ? (
    kind === 'image' ? (
      <Box component="img" src={currentUrl} alt={fill(ADMIN_CATALOG_TEXT.current, { label })} sx={previewSx} />
    ) : (
      <Link href={currentUrl} target="_blank" rel="noopener">
        {fill(ADMIN_CATALOG_TEXT.viewCurrentPdf, { label })}
      </Link>
    )
  ) : (
    <Typography variant="body2" color="text.secondary">
      {ADMIN_CATALOG_TEXT.noCurrentFile}
    </Typography>
  );

  return (
    <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Typography component="p" variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {current}
        {file && !error && kind === 'image' && canPreview() && <ChosenPreview file={file} alt={fill(ADMIN_CATALOG_TEXT.chosen, { label })} />}
      </Stack>
      <FileField
        name={name}
        accept={accept}
        buttonLabel={`${ADMIN_CATALOG_TEXT.chooseFile}: ${label}`}
        inputLabel={label}
        error={error}
        chosen={file ? fill(ADMIN_CATALOG_TEXT.chosenFile, { file: file.name }) : undefined}
        hint={hint}
        disabled={disabled}
        size="small"
        startIcon={<UploadFileIcon />}
        onChoose={(chosen) => chosen && onChoose(chosen)}
      >
        {ADMIN_CATALOG_TEXT.chooseFile}
      </FileField>
    </Box>
  );
}

/** One file field of a form: its name in the form's values, what it is, and the file the record has now. */
export interface FileFieldSpec<F extends string> {
  field: F;
  label: string;
  kind: 'image' | 'pdf';
  accept: string;
  currentUrl?: string;
}

type FileValues<F extends string> = Partial<Record<F, File | null>>;

/**
 * The file fields of an admin upload form (the banner set's three images, a product's images and PDFs): each file is
 * checked when chosen (touched, validated, and a problem shown in a dialog with its title and text while its message
 * stays under the field). `problem`/`setProblem`: the dialog's, which the form's submit may also open.
 */
export function useFileFields<F extends string, V extends FileValues<F>>(formik: FormikProps<V>, problemOf: (field: F, file: File) => FileProblem | null) {
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const choose = (field: F, file: File | null) => {
    void formik.setFieldTouched(field, true, false);
    void formik.setFieldValue(field, file, true);
    const found = file ? problemOf(field, file) : null;
    if (found) setProblem(found);
  };

  /** The pickers, `columns` a row from the small breakpoint up (one on a phone). */
  const pickers = (specs: readonly FileFieldSpec<F>[], columns: number) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${columns}, minmax(0, 1fr))` }, gap: 2 }}>
      {specs.map((spec) => (
        <FilePicker
          key={spec.field}
          name={spec.field}
          label={spec.label}
          kind={spec.kind}
          accept={spec.accept}
          currentUrl={spec.currentUrl}
          file={formik.values[spec.field] ?? null}
          error={formik.touched[spec.field] ? (formik.errors[spec.field] as string | undefined) : undefined}
          onChoose={(file) => choose(spec.field, file)}
        />
      ))}
    </Box>
  );

  const problemDialog = (
    <ConfirmDialog
      open={Boolean(problem)}
      title={problem?.title ?? ''}
      text={problem?.message}
      positiveText={ADMIN_CATALOG_TEXT.accept}
      onConfirm={() => setProblem(null)}
      onDecline={() => setProblem(null)}
    />
  );

  return { pickers, problemDialog, setProblem };
}

/** The card of an upload screen: its heading (named by `id`) over the form or its notice. */
export function UploadFrame({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 760, minWidth: 0 }}>
        <Typography id={id} variant="h1" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

/** Back to the list the form came from. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />}>
      {label}
    </Button>
  );
}

/** The form's foot: back to the list, and the submit button with its progress while the save runs. */
export function UploadActions({ back, running, submitLabel }: { back: ReactNode; running: boolean; submitLabel: string }) {
  return (
    <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
      {back}
      <Button
        type="submit"
        variant="contained"
        disabled={running}
        startIcon={running ? <CircularProgress size={18} color="inherit" aria-label={ADMIN_CATALOG_TEXT.saving} /> : undefined}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
