import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { BuyerOrderStep } from '@shared/api/userOrders';
import { formatDateTime } from '@shared/dates';
import { USER_ORDERS_TEXT as T } from './userOrdersTexts';

/**
 * The order's steps as the server reached them (Recibido → Pagado → En SAP N° … or Esperando aprobación → Facturado
 * N° … → Anulado), each with its date; across the page on a wide screen, one under the other on a phone.
 */
export function OrderSteps({ steps }: { steps: BuyerOrderStep[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const reached = steps.filter((s) => s.done).length;
  return (
    <Stepper activeStep={reached} orientation={phone ? 'vertical' : 'horizontal'} alternativeLabel={!phone} aria-label={T.steps} component="ol" sx={{ p: 0 }}>
      {steps.map((step) => (
        <Step key={step.key} completed={step.done} component="li" data-step={step.key} data-done={step.done}>
          <StepLabel
            error={step.key === 'canceled' && step.done}
            optional={
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {step.done && step.at ? formatDateTime(step.at) : T.stepPending}
              </Typography>
            }
          >
            {step.label}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
