// The browser leaves the SPA for a provider's page. Kept in functions so sagas `call` them and tests stub them.

/** Khipu's payment page (a plain GET). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

/** WebPay's form: POST of token_ws to the url (HTMLFormElement.submit does not fire submit handlers). */
export function postForm(form: HTMLFormElement): void {
  form.submit();
}
