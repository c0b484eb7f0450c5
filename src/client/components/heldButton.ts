// A button that cannot act for a while (its change is on its way to the server, a limit is reached) but keeps the
// keyboard focus (R-A11Y-1, WCAG 2.4.3): `disabled` would drop the focus onto <body>, so a second Enter would do nothing
// and a screen reader would be left nowhere. It stays a Tab stop, says it is unavailable (aria-disabled), looks and
// reacts to the mouse as MUI's disabled buttons do (their own 'Mui-disabled' styles) and ignores activations.

export interface HeldButtonProps {
  'aria-disabled': true | undefined;
  className: string | undefined;
  onClick: (() => void) | undefined;
}

/** The props of a ButtonBase (Button, IconButton) that is held while `held`: spread them on it instead of `disabled`. */
export function heldButton(held: boolean, onClick: () => void): HeldButtonProps {
  return { 'aria-disabled': held || undefined, className: held ? 'Mui-disabled' : undefined, onClick: held ? undefined : onClick };
}
