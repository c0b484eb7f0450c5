import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { canRetry } from '@client/app/problems';
import { selectAccountAlerts, selectAccountAlertsSave } from './profileSelectors';
import { alertsOpened, alertsToggled } from './profileSlice';
import { PROFILE_TEXT as T } from './profileTexts';

/**
 * 'Mis avisos por correo': the person's own switch of the cuenta corriente's mail alerts (a new invoice, one due in 3
 * days, one overdue). It saves on its own, apart from the company's data and 'Guardar Cambios'.
 */
export function AccountAlertsSection() {
  const dispatch = useAppDispatch();
  const alerts = useAppSelector(selectAccountAlerts);
  const save = useAppSelector(selectAccountAlertsSave);

  useEffect(() => {
    dispatch(alertsOpened());
  }, [dispatch]);

  const saving = save.status === 'running';
  return (
    <Box component="section" aria-labelledby="account-alerts-title" sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="account-alerts-title" variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {T.alertsTitle}
      </Typography>
      {alerts.status === 'failed' && !alerts.data ? (
        <Alert
          severity="error"
          action={
            canRetry(alerts.errorStatus) && (
              <Button color="inherit" size="small" onClick={() => dispatch(alertsOpened())}>
                {T.retry}
              </Button>
            )
          }
        >
          {T.alertsLoadFailed} {alerts.error}
        </Alert>
      ) : alerts.data ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={alerts.data.enabled}
                onChange={(_e, checked) => dispatch(alertsToggled(checked))}
                slotProps={{ input: { 'aria-describedby': 'account-alerts-help' } }}
              />
            }
            label={T.alertsSwitch}
          />
          {saving && <CircularProgress size={20} aria-label={T.saving} />}
        </Box>
      ) : (
        <CircularProgress size={24} aria-label={T.alertsLoading} />
      )}
      <FormHelperText id="account-alerts-help">{T.alertsHelp}</FormHelperText>
    </Box>
  );
}
