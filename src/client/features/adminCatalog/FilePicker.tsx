import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
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

// the input stays reachable (label click, screen readers) but the button is what shows
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

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

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = ''; // choosing the same file again is a change too
    if (chosen) onChoose(chosen);
  };

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
      <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={disabled} color={error ? 'error' : 'primary'}>
        {ADMIN_CATALOG_TEXT.chooseFile}
        <input
          type="file"
          name={name}
          accept={accept}
          aria-label={label}
          aria-describedby={helperId}
          aria-invalid={Boolean(error)}
          disabled={disabled}
          onChange={choose}
          style={visuallyHidden}
        />
      </Button>
      <FormHelperText id={helperId} error={Boolean(error)} sx={{ overflowWrap: 'anywhere' }}>
        {error ?? (file ? fill(ADMIN_CATALOG_TEXT.chosenFile, { file: file.name }) : hint)}
      </FormHelperText>
    </Box>
  );
}
