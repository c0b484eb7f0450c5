import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId } from 'react';
import { fill } from '@shared/messages';
import { REJECT_REASON_MAX, rejectApprovalSchema, type RejectApprovalRequest } from '@shared/schemas/companyApprovals';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { APPROVALS_TEXT as T } from './companyApprovalsTexts';

interface Props {
  open: boolean;
  number: string;
  onCancel: () => void;
  /** The valid, trimmed reason. */
  onReject: (reason: string) => void;
}

/** Rechazar: the reason is required (up to 300 characters), checked with the schema the server checks it with. */
export function RejectDialog({ open, number, onCancel, onReject }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{fill(T.rejectTitle, { number })}</DialogTitle>
      {/* mounted while open only: every opening starts empty */}
      <RejectForm onCancel={onCancel} onReject={onReject} />
    </Dialog>
  );
}

function RejectForm({ onCancel, onReject }: Pick<Props, 'onCancel' | 'onReject'>) {
  const id = useId();
  const formik = useFormik<RejectApprovalRequest>({
    initialValues: { reason: '' },
    validationSchema: rejectApprovalSchema,
    onSubmit: (values) => onReject(values.reason.trim()),
  });
  const formRef = useFocusFirstError(formik);
  const error = (formik.touched.reason && formik.errors.reason) || undefined;
  return (
    <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <DialogContentText sx={{ mb: 2 }}>{T.rejectHelp}</DialogContentText>
        <TextField
          id={`${id}-reason`}
          name="reason"
          label={T.reason}
          value={formik.values.reason}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={Boolean(error)}
          helperText={error ?? `${formik.values.reason.length}/${REJECT_REASON_MAX}`}
          required
          fullWidth
          multiline
          minRows={3}
          autoFocus
          slotProps={{ inputLabel: { required: false }, htmlInput: { maxLength: REJECT_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{T.cancel}</Button>
        <Button type="submit" variant="contained" color="error">
          {T.rejectConfirm}
        </Button>
      </DialogActions>
    </form>
  );
}
