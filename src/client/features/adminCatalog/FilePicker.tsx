import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { FileButton } from '@client/components/FileButton';
import { fill } from '@shared/messages';
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
  const helperId = useId();

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
      <FileButton
        name={name}
        accept={accept}
        buttonLabel={`${ADMIN_CATALOG_TEXT.chooseFile}: ${label}`}
        inputLabel={label}
        describedBy={helperId}
        invalid={Boolean(error)}
        disabled={disabled}
        size="small"
        startIcon={<UploadFileIcon />}
        color={error ? 'error' : 'primary'}
        onChoose={(chosen) => chosen && onChoose(chosen)}
      >
        {ADMIN_CATALOG_TEXT.chooseFile}
      </FileButton>
      <FormHelperText id={helperId} error={Boolean(error)} sx={{ overflowWrap: 'anywhere' }}>
        {error ?? (file ? fill(ADMIN_CATALOG_TEXT.chosenFile, { file: file.name }) : hint)}
      </FormHelperText>
    </Box>
  );
}
