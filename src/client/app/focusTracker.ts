// The last control that had the keyboard focus outside any dialog or menu: what opened the dialog that has it now.
// The shell installs the listener once (app/Layout), before anything can open a dialog.

let lastOutside: Element | null = null;
let installed = false;

// MUI's dialogs, drawers, menus and popovers all sit in a Modal root (role=presentation is no test: grids use it too)
const inOverlay = (el: Element) => Boolean(el.closest('.MuiModal-root, [role="dialog"], [role="menu"]'));

/** Starts listening (once per page). */
export function trackFocus(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof Element && target !== document.body && !inOverlay(target)) lastOutside = target;
  });
}

/** What had the focus last outside a dialog or menu. */
export const lastFocusedOutsideOverlays = () => lastOutside;
