import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';

export const DRAWER_WIDTH = 240;

const NAVY = '#1f3a5f';

/**
 * The keyboard focus ring of every control (WCAG 2.2, 2.4.7): a 3 px navy outline 2 px away from the control with a
 * white band in that gap, so one of the two stands out on any background of the theme: the navy ring on the page, the
 * paper and a filled button's surroundings; the white band on the navy top bar and around a navy filled button.
 */
export const focusRing = {
  outline: `3px solid ${NAVY}`,
  outlineOffset: '2px',
  boxShadow: '0 0 0 2px #fff',
} as const;

/** The same ring drawn inside the control, for items that touch their neighbours (menu and list items, tabs). */
export const insetRing = { outline: `3px solid ${NAVY}`, outlineOffset: '-3px' } as const;

/** The skip link (components/SkipLink): off screen until it has the focus, then over the top bar's corner. */
export const SKIP_LINK_CLASS = 'portal-skip-link';
const skipLink = {
  position: 'absolute',
  left: 8,
  top: -100,
  zIndex: 1400,
  padding: '8px 16px',
  backgroundColor: '#fff',
  color: NAVY,
  fontWeight: 600,
  borderRadius: 4,
  '&:focus': { top: 8, ...focusRing },
} as const;

/** Height of the sticky top bar: what scrolls under it is kept clear of it (scroll-padding, WCAG 2.2, 2.4.11). */
export const TOP_BAR_HEIGHT = { xs: 56, sm: 64 } as const;

export const theme = createTheme(
  {
    palette: {
      primary: { main: NAVY },
      // 5.1:1 with white (the discount chips, the cart badge) and with the offer prices on white (WCAG 1.4.3)
      secondary: { main: '#b84c36' },
      // MUI's warning (3.1:1) and info (3.9:1) are too light for white text on a chip, or for their own colour as text
      // on white (the operations screens' state chips): darker shades with 5.4:1 and 4.8:1
      warning: { main: '#a65300' },
      info: { main: '#0277bd' },
      background: { default: '#f5f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: { h1: { fontSize: '1.75rem', fontWeight: 600 }, h2: { fontSize: '1.4rem', fontWeight: 600 } },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // a control reached with Tab is scrolled clear of the sticky top bar (2.4.11: focus not obscured)
          html: { scrollPaddingTop: TOP_BAR_HEIGHT.sm + 8, scrollPaddingBottom: 16 },
          // links and other native controls; MUI's buttons get the same ring below
          'a:focus-visible, input[type="checkbox"]:focus-visible, [tabindex="0"]:focus-visible': focusRing,
          [`.${SKIP_LINK_CLASS}`]: skipLink,
          // a heading focused after a navigation is announced, not outlined: it is not a control
          '[tabindex="-1"]:focus': { outline: 'none' },
        },
      },
      // every button, icon button, checkbox, radio, tab and menu item is a ButtonBase
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // items that touch their neighbours get it inside, where nothing clips it
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing } } },
      // an alert's text wraps (a long word breaks) instead of scrolling: a scrolling box a keyboard cannot reach is an
      // axe 'scrollable-region-focusable' finding at 375 px where the fonts run wider
      MuiAlert: { styleOverrides: { message: { overflow: 'visible', minWidth: 0, overflowWrap: 'anywhere' } } },
      // a field that shows a value nobody may change here (a product's Sku and name, the rut of a user being updated)
      // looks it: a grey ground and a dashed outline; it stays a Tab stop, so a screen reader still reads it
      MuiOutlinedInput: {
        styleOverrides: { root: { '&.MuiInputBase-readOnly': { backgroundColor: '#eef0f3', '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' } } } },
      },
    },
  },
  esES,
);
