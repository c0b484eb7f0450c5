import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode, Ref } from 'react';

interface Props {
  id: string;
  title: ReactNode;
  maxWidth?: number;
  /** A server error shown above the fields, closable. */
  error?: string | null;
  onErrorClose?: () => void;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  /** The form element: what useFocusFirstError (components/focusFirstError) searches for the field in error. */
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/** A centred card with a titled form: the layout of the session screens and other single forms. */
export default function FormCard({ id, title, maxWidth = 460, error, onErrorClose, onSubmit, formRef, children }: Props) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth }}>
        <Typography id={`${id}-title`} variant="h1" component="h1" gutterBottom>
          {title}
        </Typography>
        {/* a flex column with gaps (what Stack draws, without Stack's code on /login) */}
        <Box ref={formRef} component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {error && (
            <Alert severity="error" onClose={onErrorClose}>
              {error}
            </Alert>
          )}
          {children}
        </Box>
      </Paper>
    </Box>
  );
}
