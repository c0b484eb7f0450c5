import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// Label and value pairs of a detail screen (an order's buyer, a job's state): a description list, one pair per line on
// a phone, two columns (label, value) from the small breakpoint up.

export interface Fact {
  label: string;
  value: ReactNode;
}

export function FactList({ facts, labelWidth = 180 }: { facts: Fact[]; labelWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `${labelWidth}px minmax(0, 1fr)` },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {facts.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === '' || value === null || value === undefined ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
