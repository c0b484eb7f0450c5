import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { fill } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { selectEndPending, selectRepresentedBlock, selectRepSession } from './repsSelectors';
import { endRequested } from './repsSlice';
import { REPS_TEXT as T } from './repsTexts';
import './repsFeature'; // the feature's slice and saga ('Terminar'), in the store before the banner renders

/**
 * Across every screen while a sales rep represents a customer: 'Atendiendo a {razón social} ({rut}) — Terminar'. A
 * labelled region in the page's flow under the top bar (it pushes the content down, never covers it), its text
 * wrapping on a phone.
 */
export default function RepBanner() {
  const dispatch = useAppDispatch();
  const customer = useAppSelector(selectRepSession)?.representing ?? null;
  const ending = useAppSelector(selectEndPending);
  const block = useAppSelector(selectRepresentedBlock);
  if (!customer) return null;
  const text = fill(T.banner, { name: customer.name, rut: customer.rut });
  return (
    <Box
      component="section"
      role="region"
      aria-label={T.bannerLabel}
      data-testid="rep-banner"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        px: { xs: 1.5, sm: 3 },
        py: 0.75,
        // the light tint of an MUI warning alert, with the text in the page's own colour (contrast over 4.5:1)
        bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12),
        color: 'text.primary',
        borderBottom: 2,
        borderColor: 'warning.main',
      }}
    >
      <Typography component="p" role="status" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
        {text}
        <Box component="span" aria-hidden="true">
          {' —'}
        </Box>
      </Typography>
      <Button
        variant="contained"
        color="inherit"
        size="small"
        onClick={() => dispatch(endRequested())}
        disabled={ending}
        aria-label={fill(T.endOf, { name: customer.name })}
        startIcon={ending ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
        sx={{ bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }}
      >
        {T.end}
      </Button>
      {block && (
        <Typography component="p" sx={{ flexBasis: '100%', fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
          {fill(T.bannerBlocked, { reasons: block })}
        </Typography>
      )}
    </Box>
  );
}
