// Server-rendered payer pages of the Khipu stand-in (Spanish, labelled controls, no external assets).
import { KHIPU_BANKS, type KhipuPaymentRecord } from './store';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

const clp = (amount: number): string => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(amount);

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3f7;color:#222;margin:0}
main{max-width:34rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{color:#8a2a8a;font-size:1.4rem;margin-top:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{font-weight:600}dd{margin:0}
select{margin-left:.5rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;cursor:pointer;margin:1rem .5rem 0 0}
.primary{background:#8a2a8a;color:#fff}.secondary{background:#e0e0e0;color:#222}
.note{color:#666;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function summary(p: KhipuPaymentRecord, receiverId: number): string {
  return `<dl>
<dt>Cobrador</dt><dd>Cuenta de cobro ${receiverId}</dd>
<dt>Motivo</dt><dd>${escapeHtml(p.subject)}</dd>
<dt>Monto</dt><dd>${escapeHtml(clp(p.amount))}</dd>
${p.body ? `<dt>Detalle</dt><dd>${escapeHtml(p.body)}</dd>` : ''}
</dl>`;
}

/** The payment page at payment_url: choose a bank and pay, reject the charge, or leave. */
export function paymentPage(p: KhipuPaymentRecord, receiverId: number, expired: boolean): string {
  const head = `<h1>Khipu (simulador) - Pago por transferencia</h1>\n${summary(p, receiverId)}`;
  if (p.status === 'pending' && expired) {
    return page('Khipu - Cobro expirado', `${head}<p role="alert">Este cobro expiró y ya no se puede pagar.</p>`);
  }
  if (p.status === 'verifying') {
    return page('Khipu - Verificando', `${head}<p role="status">Estamos verificando tu pago con el banco.</p>${back(p.return_url)}`);
  }
  if (p.status === 'done') {
    const text = p.status_detail === 'normal' || p.status_detail === 'marked-paid-by-receiver'
      ? 'Este cobro ya está pagado.'
      : p.status_detail === 'reversed' ? 'Este pago fue reembolsado.' : 'Este cobro fue rechazado por el pagador.';
    return page('Khipu - Cobro cerrado', `${head}<p role="status">${text}</p>`);
  }
  const banks = KHIPU_BANKS.map((b) => `<option value="${escapeHtml(b.bank_id)}"${b.bank_id === p.bank_id ? ' selected' : ''}>${escapeHtml(b.name)}</option>`).join('');
  const id = encodeURIComponent(p.payment_id);
  return page('Khipu - Pagar', `${head}
<form method="post" action="/payment/${id}/pay" aria-label="Pagar con transferencia">
<label for="bank_id">Banco</label><select id="bank_id" name="bank_id">${banks}</select>
<div><button type="submit" class="primary">Pagar</button></div>
</form>
<form method="post" action="/payment/${id}/reject">
<button type="submit" class="secondary">Rechazar el pago</button>
</form>
<form method="post" action="/payment/${id}/abandon">
<button type="submit" class="secondary">Abandonar y volver al comercio</button>
</form>
<p class="note">Pago de prueba: no se mueve dinero real.</p>`);
}

function back(url: string): string {
  return url ? `<p><a href="${escapeHtml(url)}">Volver al comercio</a></p>` : '';
}

/** Shown when the merchant gave no return_url / cancel_url. */
export function afterPage(title: string, message: string): string {
  return page(`Khipu - ${title}`, `<h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p>`);
}

export function receiptPage(p: KhipuPaymentRecord, receiverId: number): string {
  return page('Khipu - Comprobante', `<h1>Comprobante de pago</h1>${summary(p, receiverId)}
<dl><dt>Identificador</dt><dd>${escapeHtml(p.payment_id)}</dd><dt>Banco</dt><dd>${escapeHtml(p.bank)}</dd>
<dt>Fecha</dt><dd>${escapeHtml(p.conciliation_date)}</dd></dl>`);
}
