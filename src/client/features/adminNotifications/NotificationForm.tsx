import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationRecipient, SaveNotificationRequest } from '@shared/api/notifications';
import type { NotificationSection } from '@shared/orders';
import { notificationSchema, SECTION_LABELS } from '@shared/schemas/notifications';
import FormCard from '@client/components/FormCard';
import { useFocusFirstError } from '@client/components/focusFirstError';
import { NOTIFICATION_LIST_PATH } from './adminNotificationsPaths';
import { ADMIN_NOTIFICATIONS_TEXT as T } from './adminNotificationsTexts';

/** The form's values as typed; '' is 'Seleccionar'. */
export interface NotificationFormValues {
  id?: number;
  name: string;
  lastName: string;
  email: string;
  section: '' | NotificationSection;
}

type Field = Exclude<keyof NotificationFormValues, 'id'>;

export const emptyNotification: NotificationFormValues = { name: '', lastName: '', email: '', section: '' };

export const notificationFormValues = (record: NotificationRecipient): NotificationFormValues => ({
  id: record.id,
  name: record.name,
  lastName: record.lastName,
  email: record.email,
  section: record.section,
});

/** The body of POST /admin/admin-emails: no id on creation. */
export function toSaveRequest(values: NotificationFormValues): SaveNotificationRequest {
  const fields = { name: values.name.trim(), lastName: values.lastName.trim(), email: values.email.trim(), section: values.section as NotificationSection };
  return values.id === undefined ? fields : { id: values.id, ...fields };
}

interface Props {
  id: string;
  title: string;
  initialValues: NotificationFormValues;
  /** The 'Envío desde' options after 'Seleccionar': the sections no other record uses. */
  sections: NotificationSection[];
  running: boolean;
  error: string | null;
  onErrorClose: () => void;
  onSubmit: (request: SaveNotificationRequest) => void;
}

/** The notification creation and update form (R-ADM-NOTIF-2, R-ADM-NOTIF-3). */
export function NotificationForm({ id, title, initialValues, sections, running, error, onErrorClose, onSubmit }: Props) {
  const updating = initialValues.id !== undefined;
  const formik = useFormik<NotificationFormValues>({
    initialValues,
    validationSchema: notificationSchema,
    onSubmit: (values) => onSubmit(toSaveRequest(values)),
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const { values } = formik;
  // R-ADM-NOTIF-3: errors show once a field is touched or changed
  const fieldError = (name: Field): string | undefined =>
    ((formik.touched[name] || values[name] !== initialValues[name]) && formik.errors[name]) || undefined;
  const field = (name: Field, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      {...extra}
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name)}
      required
      fullWidth
      // a select shows 'Seleccionar' while empty, so its label stays above it
      slotProps={extra.select ? { select: { displayEmpty: true }, inputLabel: { required: false, shrink: true } } : { inputLabel: { required: false } }}
    />
  );

  return (
    <FormCard id={id} title={title} maxWidth={560} error={error} onErrorClose={onErrorClose} onSubmit={formik.handleSubmit} formRef={formRef}>
      {field('name', T.nameLabel, { autoComplete: 'off' })}
      {field('lastName', T.lastNameLabel, { autoComplete: 'off' })}
      {field('email', T.emailLabel, { type: 'email', autoComplete: 'off' })}
      {field('section', T.sectionLabel, {
        select: true,
        children: [
          <MenuItem key="" value="">
            {T.select}
          </MenuItem>,
          ...sections.map((section) => (
            <MenuItem key={section} value={section}>
              {SECTION_LABELS[section]}
            </MenuItem>
          )),
        ],
      })}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button component={RouterLink} to={NOTIFICATION_LIST_PATH} startIcon={<ArrowBackIcon />}>
          {T.backToList}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={running}
          startIcon={running ? <CircularProgress size={18} color="inherit" aria-label={T.saving} /> : undefined}
        >
          {updating ? T.updateButton : T.saveButton}
        </Button>
      </Stack>
    </FormCard>
  );
}
