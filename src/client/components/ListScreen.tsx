import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canRetry } from '@client/app/problems';

interface Props {
  /** The id of the heading that names the section. */
  titleId: string;
  title: string;
  /** The create link beside the heading, when the list offers one now. */
  create?: { to: string; label: string } | null;
  /** The load failed: an error in place of the list, with a retry button when trying again can help. */
  failed: boolean;
  error: ReactNode;
  /** The failed answer's HTTP status: no retry for a 4xx the same request would get again (`canRetry`). */
  errorStatus?: number;
  retryLabel: string;
  onRetry: () => void;
  /**
   * The search and filters above the list: shown whether or not the load failed, so a filter the server refused (an
   * inverted date range) can be changed where it was typed, and the focus stays in it.
   */
  toolbar?: ReactNode;
  /** The list (a grid, with what goes with it); loading and empty states are the grid's. */
  children: ReactNode;
  /** What the section shows whether or not the load failed (a dialog). */
  extra?: ReactNode;
}

/** A list screen: the heading with its create link, its filters, then the list, or its load error with a retry. */
export function ListScreen({ titleId, title, create, failed, error, errorStatus, retryLabel, onRetry, toolbar, children, extra }: Props) {
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack useFlexGap direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} variant="h1" component="h1">
          {title}
        </Typography>
        {create && (
          <Button component={RouterLink} to={create.to} variant="contained" startIcon={<AddIcon />}>
            {create.label}
          </Button>
        )}
      </Stack>

      {toolbar}
      {failed ? (
        <Alert
          severity="error"
          action={
            canRetry(errorStatus) && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {retryLabel}
              </Button>
            )
          }
        >
          {error}
        </Alert>
      ) : (
        children
      )}
      {extra}
    </Box>
  );
}

/** The grid scrolls sideways inside this box; the page itself stays as wide as the screen. */
export function GridBox({ children }: { children: ReactNode }) {
  return <Box sx={{ width: '100%', minWidth: 0 }}>{children}</Box>;
}
