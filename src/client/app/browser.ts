// The browser leaves the SPA for a provider's page. Kept in functions so sagas `call` them and tests stub them.

/** Khipu's payment page (a plain GET); Back comes back to the page that left. */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

/** Leaves this page for `url` in its place: Back skips it. */
export function replaceWith(url: string): void {
  window.location.replace(url);
}

/** WebPay's form: POST of token_ws to the url (HTMLFormElement.submit does not fire submit handlers). */
export function postForm(form: HTMLFormElement): void {
  form.submit();
}
