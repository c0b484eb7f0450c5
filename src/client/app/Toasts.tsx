import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { closeSnackbar, enqueueSnackbar, SnackbarContent, SnackbarProvider, type CustomContentProps, type VariantType } from 'notistack';
import { forwardRef, useEffect } from 'react';
import { attachToasts, TOAST_CLOSE_LABEL } from './notify';
import { DRAWER_WIDTH } from './theme';

// notistack's provider and the toasts that waited for it (app/notify). Where they go (R-A11Y-1): at the bottom of a
// phone, across it; on wider screens at the bottom left, no wider than the sidebar they sit on, so they cover neither
// the top bar (the cart) nor the page's controls. The text is read out by the app's live region (app/announcer): the
// toast itself is not a live region, or it would be read twice.

/** Colours with at least 4.5:1 against the white text (notistack's own green and blue have 3.3 and 3.1). */
const BACKGROUND: Record<VariantType, string> = {
  default: '#313131',
  success: '#2e7d32',
  error: '#c62828',
  warning: '#a84300',
  info: '#1565c0',
};

/** One toast: its text and a 'Cerrar' button. */
const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast({ id, message, variant, style }, ref) {
  return (
    <SnackbarContent
      ref={ref}
      style={{
        ...style,
        minWidth: 0,
        backgroundColor: BACKGROUND[variant],
        color: '#fff',
        fontSize: '0.875rem',
        lineHeight: 1.43,
        alignItems: 'center',
        flexWrap: 'nowrap',
        gap: 8,
        padding: '6px 8px 6px 16px',
        borderRadius: 4,
        boxShadow: '0 3px 5px -1px rgba(0,0,0,.2), 0 6px 10px rgba(0,0,0,.14), 0 1px 18px rgba(0,0,0,.12)',
      }}
    >
      <div style={{ flex: 1, padding: '8px 0', overflowWrap: 'anywhere' }}>{message}</div>
      <IconButton size="small" color="inherit" aria-label={TOAST_CLOSE_LABEL} onClick={() => closeSnackbar(id)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </SnackbarContent>
  );
});

const COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/** Wider screens: the stack keeps within the sidebar's width (the class doubled to outrank notistack's own). */
const DESKTOP_CLASS = 'portal-toasts-desktop';
const desktopStyles = { [`.${DESKTOP_CLASS}.${DESKTOP_CLASS}`]: { left: 8, maxWidth: DRAWER_WIDTH - 16 } };

export default function Toasts() {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  // runs after the provider mounted (a child's mount comes first), so enqueueSnackbar reaches it
  useEffect(() => attachToasts(({ message, variant }) => enqueueSnackbar(message, { variant }), closeSnackbar), []);
  return (
    <>
      <GlobalStyles styles={desktopStyles} />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={6000}
        anchorOrigin={{ vertical: 'bottom', horizontal: phone ? 'center' : 'left' }}
        Components={COMPONENTS}
        classes={{ containerAnchorOriginBottomLeft: DESKTOP_CLASS }}
      />
    </>
  );
}
