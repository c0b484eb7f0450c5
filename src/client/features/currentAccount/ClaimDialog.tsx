import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { CLAIM_REASONS, type AccountItem, type ClaimReason } from '@shared/api/account';
import { fill } from '@shared/messages';
import { CLAIM_FILE_TYPES, CLAIM_MAX_BYTES, CLAIM_MAX_FILES, CLAIM_REASON_LABELS, CLAIM_TEXTS, SII_CLAIMS_URL } from '@shared/accountClaims';
import { claimSchema } from '@shared/schemas/account';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { holdFiles } from '@client/app/heldFiles';
import { FileButton } from '@client/components/FileButton';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { useReturnFocus } from '@client/components/returnFocus';
import { claimWindowText, documentName } from './accountColumns';
import { selectClaim } from './currentAccountSelectors';
import { claimClosed, claimSubmitted } from './currentAccountSlice';
import { CURRENT_ACCOUNT_TEXT as T } from './currentAccountTexts';

// 'Reclamar' of an invoice inside its 8-day window: the reason, the text and up to 5 photos or PDFs, sent by the saga
// (multipart). The dialog says the legal claim is registered at the SII and links to it. A refusal or a lost
// connection leaves the form as it was, with the reason.

interface ClaimValues {
  reason: ClaimReason | '';
  text: string;
}

/** What the file chooser offers: the types the server takes (it checks the content again). */
const ACCEPT = CLAIM_FILE_TYPES.join(',');

/** Why a chosen file cannot go (count, type, size), in the server's words, or null. */
export function claimFileProblem(file: File, already: number): string | null {
  if (already >= CLAIM_MAX_FILES) return CLAIM_TEXTS.tooManyFiles;
  if (!(CLAIM_FILE_TYPES as readonly string[]).includes(file.type)) return fill(CLAIM_TEXTS.fileType, { file: file.name });
  if (file.size > CLAIM_MAX_BYTES) return fill(CLAIM_TEXTS.fileTooLarge, { file: file.name });
  return null;
}

export function ClaimDialog() {
  const { item, sending } = useAppSelector(selectClaim);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const close = () => dispatch(claimClosed());
  // the focus back to 'Reclamar'; once the claim is recorded that button is gone: the page's heading then
  useReturnFocus(item !== null);
  return (
    <Dialog open={item !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" disableRestoreFocus>
      <DialogTitle id={titleId}>{item ? fill(T.claimTitle, { document: documentName(item) }) : ''}</DialogTitle>
      {/* mounted while open only: each claim starts empty; a failed send keeps it mounted, with what was written */}
      {item && <ClaimForm item={item} running={sending.status === 'running'} error={sending.status === 'failed' ? sending.error : null} onCancel={close} />}
    </Dialog>
  );
}

function ClaimForm({ item, running, error, onCancel }: { item: AccountItem; running: boolean; error: string | null; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const ids = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const formik = useFormik<ClaimValues>({
    initialValues: { reason: '', text: '' },
    validationSchema: claimSchema,
    onSubmit: (values) => {
      // the files stay out of the store; the dialog keeps its own list, so a failed send can go again as it is
      const filesKey = files.length ? holdFiles('claim', files) : null;
      dispatch(claimSubmitted({ kind: item.kind, docEntry: item.docEntry, folio: item.folio, reason: values.reason as ClaimReason, text: values.text.trim(), filesKey }));
    },
  });
  const formRef = useFocusFirstError(formik);
  const reasonError = (formik.touched.reason && formik.errors.reason) || undefined;
  const textError = (formik.touched.text && formik.errors.text) || undefined;
  const left = claimWindowText(item);

  const choose = (file: File | null) => {
    if (!file) return;
    const problem = claimFileProblem(file, files.length);
    setFileError(problem);
    if (!problem) setFiles((now) => [...now, file]);
  };

  return (
    <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="info">
            {CLAIM_TEXTS.siiNotice}{' '}
            <Link href={SII_CLAIMS_URL} target="_blank" rel="noopener noreferrer">
              {CLAIM_TEXTS.siiLinkLabel}
            </Link>
          </Alert>
          {left && <Typography variant="body2">{left}</Typography>}

          <FormControl error={Boolean(reasonError)} required>
            <FormLabel id={`${ids}-reason`}>{T.claimReason}</FormLabel>
            <RadioGroup aria-labelledby={`${ids}-reason`} name="reason" value={formik.values.reason} onChange={formik.handleChange} onBlur={formik.handleBlur}>
              {CLAIM_REASONS.map((reason) => (
                <FormControlLabel key={reason} value={reason} control={<Radio />} label={CLAIM_REASON_LABELS[reason]} disabled={running} />
              ))}
            </RadioGroup>
            {reasonError && <FormHelperText>{reasonError}</FormHelperText>}
          </FormControl>

          <TextField
            id={`${ids}-text`}
            name="text"
            label={T.claimText}
            value={formik.values.text}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(textError)}
            helperText={textError}
            multiline
            minRows={3}
            required
            disabled={running}
          />

          <div>
            <FileButton
              name="files"
              inputLabel={T.claimFiles}
              accept={ACCEPT}
              describedBy={fileError ? `${ids}-files-error` : undefined}
              invalid={Boolean(fileError)}
              disabled={running || files.length >= CLAIM_MAX_FILES}
              onChoose={choose}
            >
              {T.claimFiles}
            </FileButton>
            {fileError && (
              <FormHelperText id={`${ids}-files-error`} error>
                {fileError}
              </FormHelperText>
            )}
            {files.length > 0 && (
              <List dense>
                {files.map((file, index) => (
                  <ListItem
                    key={`${file.name}-${index}`}
                    secondaryAction={
                      <IconButton edge="end" aria-label={fill(T.claimRemoveFile, { name: file.name })} disabled={running} onClick={() => setFiles((now) => now.filter((_, i) => i !== index))}>
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={file.name} />
                  </ListItem>
                ))}
              </List>
            )}
          </div>

          {running && <LinearProgress aria-label={T.claimSending} />}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={running}>
          {T.claimCancel}
        </Button>
        <Button type="submit" variant="contained" disabled={running}>
          {T.claimSend}
        </Button>
      </DialogActions>
    </form>
  );
}
