import { useEffect, useRef } from 'react';
import { isTabStop, tabStopOf } from '../app/focusTargets';

// A refused submit shows its errors beside the fields, which on a phone may be far above the button that was pressed
// ('Ir a Pagar' at the foot of the order summary, 'Debe seleccionar una dirección…' 1000 px up): the screen looked
// unchanged and nothing was said (R-A11Y-1, WCAG 3.3.1 and 2.4.3). So every Formik form of the portal, on a submit its
// validation refuses, takes the focus to its first field in error in the order of the page, and scrolls it to the
// middle of the screen: the error is seen, and a screen reader reads the field with its error (its description).

/** The part of Formik's state a refused submit is told by. */
export interface SubmitState {
  submitCount: number;
  isSubmitting: boolean;
  isValidating: boolean;
  errors: object;
}

/** The control that stands for a hidden input: the one just before it (a file button, MUI's select), else in its parent. */
function besideHidden(input: Element): HTMLElement | null {
  for (let el = input.previousElementSibling; el; el = el.previousElementSibling) {
    const control = tabStopOf(el);
    if (control) return control;
  }
  return input.parentElement && tabStopOf(input.parentElement);
}

/**
 * The field to focus: the first element marked invalid (MUI sets aria-invalid on a field with `error`), as the control a
 * person uses (a file button beside its hidden input); else the first field named by an error (a radio group).
 */
export function firstFieldInError(form: HTMLElement, errors: object): HTMLElement | null {
  for (const invalid of form.querySelectorAll('[aria-invalid="true"]')) {
    const control = isTabStop(invalid) ? invalid : besideHidden(invalid);
    if (control) return control;
  }
  // in document order, as querySelectorAll answers
  const named = [...form.querySelectorAll('[name]')].filter((field) => Object.hasOwn(errors, field.getAttribute('name') ?? ''));
  for (const field of named) {
    const control = tabStopOf(field) ?? besideHidden(field);
    if (control) return control;
  }
  return null;
}

/**
 * After each submit of `formik` that its validation refused, focuses the first field in error of the form the returned
 * ref is put on. A submit that goes through, and errors shown while typing, move nothing.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(formik: SubmitState) {
  const form = useRef<T>(null);
  const handled = useRef(formik.submitCount);
  const { submitCount, isSubmitting, isValidating, errors } = formik;
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const root = form.current;
    if (!root || Object.keys(errors).length === 0) return;
    // a dialog that explains the refusal (a missing banner file) keeps the focus; closing it gives the focus back
    const open = [...document.querySelectorAll('[role="dialog"]')].filter((dialog) => !dialog.closest('[aria-hidden="true"], .MuiModal-hidden'));
    if (open.some((dialog) => !dialog.contains(root))) return;
    const field = firstFieldInError(root, errors);
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center' });
  }, [submitCount, isSubmitting, isValidating, errors]);
  return form;
}
