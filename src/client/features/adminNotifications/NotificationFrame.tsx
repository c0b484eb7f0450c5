import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '@client/components/PageSpinner';
import { NOTIFICATION_LIST_PATH } from './adminNotificationsPaths';
import { ADMIN_NOTIFICATIONS_TEXT } from './adminNotificationsTexts';

/** A form screen while there is no form: its title, and a spinner or a message with the way back to the list. */
export function NotificationFrame({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 560 }}>
        <Typography id={`${id}-title`} variant="h1" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

export function NotificationProblem({ severity, text }: { severity: 'info' | 'error'; text: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={severity}>{text}</Alert>
      <Button component={RouterLink} to={NOTIFICATION_LIST_PATH} startIcon={<ArrowBackIcon />}>
        {ADMIN_NOTIFICATIONS_TEXT.backToList}
      </Button>
    </Stack>
  );
}

export const NotificationLoading = () => <PageSpinner label={ADMIN_NOTIFICATIONS_TEXT.loading} />;
