// Server-rendered pages of the WebPay stand-in (Spanish, labelled controls, no external assets):
// the card form, the auto-submitted return to the merchant, the Webpay error page and a plain message page.
import { INSTALLMENT_OPTIONS, TEST_CARDS } from './cards';
import type { WebpayReturn, WebpayTransactionRecord } from './store';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

const clp = (amount: number): string => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(amount);

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f2f2f2;color:#222;margin:0}
main{max-width:34rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{color:#6b196b;font-size:1.4rem;margin-top:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}dd{margin:0}
fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0}fieldset label{display:block;margin:.4rem 0}
select{margin-left:.5rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;cursor:pointer;margin-top:1rem}
.primary{background:#6b196b;color:#fff}.secondary{background:#e0e0e0;color:#222}
.note{color:#666;font-size:.9rem}`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const hidden = (name: string, value: string): string =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

function summary(tx: WebpayTransactionRecord): string {
  return `<dl>
<dt>Comercio</dt><dd>${escapeHtml(tx.commerceCode)}</dd>
<dt>Orden de compra</dt><dd>${escapeHtml(tx.buyOrder)}</dd>
<dt>Monto a pagar</dt><dd>${escapeHtml(clp(tx.amount))}</dd>
</dl>`;
}

/** The card form: test cards, installments, Pagar and Anular compra; it leaves by itself when the form times out. */
export function formPage(tx: WebpayTransactionRecord, timeLeftMs: number): string {
  const timeoutUrl = `/webpayserver/timeout?token_ws=${encodeURIComponent(tx.token)}`;
  const seconds = Math.ceil(timeLeftMs / 1000);
  const cards = Object.values(TEST_CARDS)
    .map((c, i) => `<label><input type="radio" name="card" value="${c.id}"${i === 0 ? ' checked' : ''}> ${escapeHtml(c.label)}</label>`)
    .join('\n');
  const installments = INSTALLMENT_OPTIONS.map((o) => `<option value="${o.value}">${escapeHtml(o.label)}</option>`).join('');
  const head = `<meta http-equiv="refresh" content="${seconds + 1};url=${escapeHtml(timeoutUrl)}">`;
  return page('Webpay Plus - Pago con tarjeta', `
<h1>Webpay Plus (simulador de integración)</h1>
${summary(tx)}
<form id="pago" method="post" action="/webpayserver/pay" aria-label="Pago con tarjeta">
${hidden('token_ws', tx.token)}
<fieldset>
<legend>Tarjeta de prueba</legend>
${cards}
</fieldset>
<label for="installments">Cuotas (solo crédito)</label><select id="installments" name="installments">${installments}</select>
<div><button type="submit" class="primary">Pagar</button></div>
</form>
<form method="post" action="/webpayserver/abort">
${hidden('token_ws', tx.token)}
<button type="submit" class="secondary">Anular compra</button>
</form>
<p class="note" role="timer" aria-live="off">Tiempo restante para pagar: <span id="restante">${seconds}</span> s</p>
<details class="note"><summary>Herramientas de prueba</summary>
<label><input type="checkbox" name="voucher" value="1" form="pago"> Mostrar el comprobante antes de volver (permite anular una compra ya aprobada)</label>
<form method="post" action="/webpayserver/error">
${hidden('token_ws', tx.token)}
<button type="submit" class="secondary">Simular error de Webpay</button>
</form>
</details>
<script>
(function () {
  var deadline = Date.now() + ${Math.max(0, Math.round(timeLeftMs))};
  var span = document.getElementById('restante');
  function tick() {
    var left = deadline - Date.now();
    if (left <= 0) { window.location.replace(${JSON.stringify(timeoutUrl)}); return; }
    span.textContent = String(Math.ceil(left / 1000));
    setTimeout(tick, Math.min(1000, left));
  }
  tick();
})();
</script>`, head);
}

/**
 * The voucher after "Pagar" (with voucherPage, or the form's checkbox): the result, "Volver al comercio" (token_ws) and
 * "Anular compra" (TBK_TOKEN…, although the payer may have approved the payment).
 */
export function voucherPage(tx: WebpayTransactionRecord): string {
  const result = tx.result;
  const approved = result?.approved ?? false;
  return page('Webpay Plus - Comprobante', `
<h1>${approved ? 'Pago aprobado' : 'Pago rechazado'}</h1>
${summary(tx)}
<dl>
<dt>Tarjeta</dt><dd>**** ${escapeHtml(result?.card_number ?? '')}</dd>
<dt>Código de autorización</dt><dd>${escapeHtml(result?.authorization_code ?? '')}</dd>
</dl>
<form id="voucher-continue" method="post" action="/webpayserver/voucher/continue">
${hidden('token_ws', tx.token)}
<button type="submit" class="primary">Volver al comercio</button>
</form>
<form id="voucher-abort" method="post" action="/webpayserver/voucher/abort">
${hidden('token_ws', tx.token)}
<button type="submit" class="secondary">Anular compra</button>
</form>`);
}

/** The auto-submitted form that takes the payer back to the merchant's return_url. */
export function returnPage(ret: WebpayReturn, message: string): string {
  const inputs = Object.entries(ret.params).map(([k, v]) => hidden(k, v)).join('\n');
  return page('Webpay Plus - Volviendo al comercio', `
<h1>Webpay Plus</h1>
<p>${escapeHtml(message)}</p>
<form id="tbk-return" method="post" action="${escapeHtml(ret.url)}">
${inputs}
<button type="submit" class="primary">Volver al comercio</button>
</form>
<script>document.getElementById('tbk-return').submit();</script>`);
}

/** Webpay's error page: the payer goes back to the merchant by hand (token_ws and TBK_TOKEN both). */
export function errorPage(ret: WebpayReturn, message: string): string {
  // A GET form drops the query of its action: carry every parameter (return_url's own ones too) as a field.
  let action = ret.url;
  let fields = ret.params;
  if (ret.method === 'GET') {
    const href = new URL(ret.href);
    fields = Object.fromEntries(href.searchParams);
    href.search = '';
    action = href.toString();
  }
  const inputs = Object.entries(fields).map(([k, v]) => hidden(k, v)).join('\n');
  return page('Webpay Plus - Error', `
<h1>Ocurrió un error</h1>
<p role="alert">${escapeHtml(message)}</p>
<form method="${ret.method === 'GET' ? 'get' : 'post'}" action="${escapeHtml(action)}">
${inputs}
<button type="submit" class="primary">Volver al comercio</button>
</form>`);
}

export function messagePage(title: string, message: string): string {
  return page(`Webpay Plus - ${title}`, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`);
}
