import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AGING_BUCKETS, type AccountSummary, type AgingBucket } from '@shared/api/account';
import { AGING_BUCKET_LABELS } from '@shared/accountRules';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import type { Loadable } from '@client/app/loadable';
import { canRetry } from '@client/app/problems';
import { CURRENT_ACCOUNT_TEXT as T } from './currentAccountTexts';

// The account's header: saldo, vencido, por vencer, cupo and disponible as the server computed them, and the aging
// buckets as chips that filter the list (pressed: the list shows that bucket only; pressed again: every bucket).

interface Props {
  summary: Loadable<AccountSummary | null>;
  /** The bucket the list is filtered by ('' = none). */
  bucket: string;
  onBucket: (bucket: AgingBucket | '') => void;
  onRetry: () => void;
}

function Figure({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 140px', minWidth: 0 }}>
      <Typography id={id} variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="h6" component="dd" sx={{ m: 0, fontWeight: 700 }}>
        {formatCLP(value)}
      </Typography>
    </Paper>
  );
}

export function AccountSummaryHeader({ summary, bucket, onBucket, onRetry }: Props) {
  const data = summary.data;
  if (summary.status === 'failed') {
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          canRetry(summary.errorStatus) && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {T.retry}
            </Button>
          )
        }
      >
        {summary.error ?? T.summaryFailed}
      </Alert>
    );
  }
  if (!data) return <LinearProgress aria-label={T.loading} sx={{ mb: 2 }} />;
  return (
    <Box component="section" aria-label={T.summaryLabel} sx={{ mb: 2 }}>
      <Stack component="dl" direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', m: 0, mb: 1.5 }}>
        <Figure id="account-balance" label={T.balance} value={data.balance} />
        <Figure id="account-overdue" label={T.overdue} value={data.overdue} />
        <Figure id="account-not-due" label={T.notDue} value={data.notDue} />
        <Figure id="account-limit" label={T.creditLimit} value={data.creditLimit} />
        <Figure id="account-available" label={T.available} value={data.available} />
      </Stack>
      <Typography id="account-buckets" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {T.bucketsLabel}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-labelledby="account-buckets">
        {AGING_BUCKETS.map((key) => {
          const { count, amount } = data.buckets[key];
          const pressed = bucket === key;
          return (
            <Chip
              key={key}
              clickable
              color={pressed ? 'primary' : 'default'}
              variant={pressed ? 'filled' : 'outlined'}
              aria-pressed={pressed}
              label={fill(T.bucketChip, { label: AGING_BUCKET_LABELS[key], count, amount: formatCLP(amount) })}
              onClick={() => onBucket(pressed ? '' : key)}
            />
          );
        })}
      </Stack>
    </Box>
  );
}
