import type { UnknownAction } from '@reduxjs/toolkit';
import type { ScenarioFile, ScenarioStep } from '@client/app/scenario/format';

// The payer at the provider's page, for the live mode of the scenario runner (live.ts): what a browser does between
// the SPA leaving for WebPay's card form or Khipu's payer page and the portal's return page, over plain HTTP. The form
// the SPA posts (token_ws) or the page it opens is fetched, the recorded outcome is chosen on it the way a person would
// (the card's radio button and 'Pagar', 'Anular compra'; Khipu's 'Pagar', 'Rechazar el pago', 'Abandonar…'), and
// whatever the provider answers is followed like a browser: redirects, and the auto-submitted return form of WebPay
// (POST of token_ws or TBK_TOKEN… to the portal's return_url), until the browser lands on a page of the portal. That
// URL is the new page load. Khipu's signed notification is the stand-in's own business (it sends it by itself).
//
// What to choose comes from the scenario: its declared `payer` list (one entry per visit to a provider, in order), or,
// for a recording without it, inferred from the recorded steps (the return URL and the payment the portal answered).

export type PayerProvider = 'WEBPAY' | 'KHIPU';

/** What the payer does on one visit to a provider's page. */
export interface PayerChoice {
  provider: PayerProvider;
  /** WebPay: 'visa' | 'mastercard' | 'debit' (the test card, then Pagar) or 'abort' (Anular compra). Khipu: 'pay' | 'reject' | 'abandon'. */
  choice: string;
  /** WebPay credit cards: the installments chosen in 'Cuotas' (0 = Sin cuotas). */
  installments?: number;
}

/** Declarations only the live mode reads; optional, so files without them stay valid version-1 files. */
export interface LiveDeclarations {
  payer?: PayerChoice[];
  /**
   * Stand-in fault switches the live run sets first through the embedded portal's control API (`PUT /api/dev/faults`,
   * docs/fault-switches.md), e.g. `{"khipu": {"verifyDelayMs": "5s", "for": "30s"}}`: time-boxed, they undo themselves.
   */
  faults?: Record<string, Record<string, unknown>>;
  expect?: {
    /** Dotted paths of the final state and the value they must have live (values that are the same on any portal). */
    liveState?: Record<string, unknown>;
    /** ERP documents that must not exist after the run (a rejected or aborted payment leaves no sales order). */
    erpAbsent?: { entity: string; cardCode?: string; reference?: string | { fromState: string } }[];
  };
}

export type LiveScenario = ScenarioFile & LiveDeclarations;

const CHOICES: Record<PayerProvider, string[]> = {
  WEBPAY: ['visa', 'mastercard', 'debit', 'abort'],
  KHIPU: ['pay', 'reject', 'abandon'],
};

/** The last four digits of the stand-in's test cards (what a committed payment shows as card_number). */
const CARD_BY_LAST4: Record<string, string> = { '6623': 'visa', '0568': 'mastercard', '7763': 'debit' };

function isProviderRedirect(step: ScenarioStep): step is Extract<ScenarioStep, { kind: 'action' }> {
  return step.kind === 'action' && step.action.type === 'payments/providerRedirectReady';
}

/** Indexes of the `load` steps that are the return from a provider's page (a redirect was sent since the last load). */
export function providerReturns(steps: ScenarioStep[]): Set<number> {
  const out = new Set<number>();
  let sent = false;
  steps.forEach((step, i) => {
    if (step.kind === 'action' && step.action.type === 'payments/providerRedirectSent') sent = true;
    if (step.kind === 'load') {
      if (sent) out.add(i);
      sent = false;
    }
  });
  return out;
}

/** One choice per visit to a provider, in order: declared, or inferred from the recording. */
export function payerChoices(scenario: LiveScenario): PayerChoice[] {
  const inferred = inferChoices(scenario.steps);
  if (!scenario.payer) return inferred;
  for (const [i, c] of scenario.payer.entries()) {
    if (!CHOICES[c.provider]?.includes(c.choice)) throw new Error(`payer[${i}]: «${c.choice}» no es una opción de ${c.provider} (${CHOICES[c.provider]?.join(', ') ?? 'WEBPAY o KHIPU'})`);
  }
  return scenario.payer;
}

/** What the recorded payer did, read from the steps after each redirect: the return URL and the payment answered. */
export function inferChoices(steps: ScenarioStep[]): PayerChoice[] {
  const out: PayerChoice[] = [];
  steps.forEach((step, i) => {
    if (!isProviderRedirect(step)) return;
    const provider = (step.action.payload as { provider?: PayerProvider } | undefined)?.provider;
    const load = steps.slice(i).find((s) => s.kind === 'load');
    const after = load ? steps.slice(steps.indexOf(load)) : [];
    const nextRedirect = after.findIndex(isProviderRedirect);
    const window = nextRedirect < 0 ? after : after.slice(0, nextRedirect);
    const query = load?.kind === 'load' ? new URL(load.url, 'http://x').searchParams : new URLSearchParams();
    const answer = (re: RegExp) => {
      const api = window.find((s) => s.kind === 'api' && re.test(s.path) && s.status === 200);
      return (api?.kind === 'api' ? api.body : undefined) as Record<string, unknown> | undefined;
    };
    if (provider === 'WEBPAY') {
      if (!query.has('token_ws')) {
        out.push({ provider, choice: 'abort' });
        return;
      }
      const result = answer(/^\/user\/tbk\/(confirm|state)\//);
      const card = CARD_BY_LAST4[String(result?.card_number ?? '')] ?? (result?.status === 'FAILED' ? 'mastercard' : 'visa');
      const installments = Number(result?.installments_number ?? 0);
      out.push({ provider, choice: card, ...(installments ? { installments } : {}) });
    } else if (provider === 'KHIPU') {
      if (query.get('cancel') !== '1') {
        out.push({ provider, choice: 'pay' });
        return;
      }
      const payment = answer(/^\/user\/khipu\/payments\//);
      out.push({ provider, choice: payment?.status_detail === 'rejected-by-payer' ? 'reject' : 'abandon' });
    }
  });
  return out;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A UI action of a page the recording reached by URL: a payload value the recording had from that URL's query (the
 * hidden token_ws or TBK_TOKEN, an order number, Khipu's transaction id) is the live URL's value of the same parameter.
 * When several parameters had the recorded value ('[oculto]' for token_ws and TBK_TOKEN), the one named like the key is
 * taken (tokenWs ↔ token_ws).
 */
export function fromLiveUrl(action: UnknownAction, recorded: URL, live: URL): UnknownAction {
  const payload = action.payload as Record<string, unknown> | undefined;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload) || recorded.search === live.search) return action;
  const out: Record<string, unknown> = { ...payload };
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value !== 'string') continue;
    const params = [...recorded.searchParams].filter(([, v]) => v === value).map(([k]) => k);
    const param = params.find((k) => squash(k) === squash(key)) ?? params[0];
    if (param !== undefined && live.searchParams.has(param)) out[key] = live.searchParams.get(param);
  }
  return { ...action, payload: out };
}

// ---------------------------------------------------------------------------------------------------------------
// A browser's part, over HTTP: forms, redirects, auto-submitted forms
// ---------------------------------------------------------------------------------------------------------------

interface Field {
  name: string;
  value: string;
  type: string;
  checked: boolean;
  /** The text of the <label> around it (radio buttons). */
  label: string;
}

interface HtmlForm {
  id: string;
  method: string;
  action: string;
  fields: Field[];
  selects: { name: string; options: { value: string; label: string; selected: boolean }[] }[];
  buttons: string[];
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');
const text = (html: string) => decode(html.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) out[m[1].toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const a = attrs(m[1]);
    const inner = m[2];
    const fields: Field[] = [];
    for (const lm of inner.matchAll(/<label\b[^>]*>\s*<input\b([^>]*)>([\s\S]*?)<\/label>|<input\b([^>]*)>/gi)) {
      const ia = attrs(lm[1] ?? lm[3]);
      if (!ia.name) continue;
      fields.push({ name: ia.name, value: ia.value ?? '', type: (ia.type ?? 'text').toLowerCase(), checked: 'checked' in ia, label: lm[2] ? text(lm[2]) : '' });
    }
    const selects = [...inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)].map((sm) => ({
      name: attrs(sm[1]).name ?? '',
      options: [...sm[2].matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/gi)].map((om) => {
        const oa = attrs(om[1]);
        return { value: oa.value ?? text(om[2]), label: text(om[2]), selected: 'selected' in oa };
      }),
    }));
    const buttons = [...inner.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/gi)].map((bm) => text(bm[1]));
    forms.push({ id: a.id ?? '', method: (a.method ?? 'get').toLowerCase(), action: a.action ?? '', fields, selects, buttons });
  }
  return forms;
}

/** What submitting a form sends: its fields (checked ones only for radios and checkboxes) and selects. */
function formData(form: HtmlForm, overrides: Record<string, string> = {}): URLSearchParams {
  const data = new URLSearchParams();
  for (const f of form.fields) {
    if (f.name in overrides) continue;
    if ((f.type === 'radio' || f.type === 'checkbox') && !f.checked) continue;
    if (f.type === 'submit' || f.type === 'button') continue;
    data.append(f.name, f.value);
  }
  for (const s of form.selects) {
    if (s.name in overrides) continue;
    const chosen = s.options.find((o) => o.selected) ?? s.options[0];
    if (chosen) data.append(s.name, chosen.value);
  }
  for (const [k, v] of Object.entries(overrides)) data.append(k, v);
  return data;
}

interface Navigation {
  method: string;
  url: URL;
  body?: URLSearchParams;
}

function submit(form: HtmlForm, page: URL, data: URLSearchParams): Navigation {
  const url = new URL(form.action || page.href, page);
  if (form.method === 'post') return { method: 'POST', url, body: data };
  url.search = data.toString();
  return { method: 'GET', url };
}

/** Where a page's own script submits a form at once (WebPay's return to the merchant). */
function autoSubmitted(html: string): HtmlForm | null {
  const id = /getElementById\(\s*['"]([^'"]+)['"]\s*\)\s*\.submit\(\)/.exec(html)?.[1];
  return id ? (parseForms(html).find((f) => f.id === id) ?? null) : null;
}

export interface Page {
  url: URL;
  status: number;
  html: string;
}

/**
 * A browser's navigation: follows redirects (303, and 301/302 after a POST, turn into GETs) and forms a page submits
 * by itself; stops at the first page answered that is not one of those, or, when `stopAt` says so, at a GET of it
 * (the portal's return page: its SPA then starts there).
 */
async function navigate(start: Navigation, stopAt: (url: URL) => boolean, hops: string[]): Promise<Page> {
  let nav = start;
  for (let i = 0; i < 15; i += 1) {
    hops.push(`${nav.method} ${nav.url.origin}${nav.url.pathname}`);
    const res = await fetch(nav.url, {
      method: nav.method,
      redirect: 'manual',
      headers: nav.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: nav.body?.toString(),
    });
    const location = res.headers.get('location');
    if ([301, 302, 303, 307, 308].includes(res.status) && location) {
      await res.arrayBuffer();
      const toGet = res.status === 303 || ((res.status === 301 || res.status === 302) && nav.method === 'POST');
      nav = { method: toGet ? 'GET' : nav.method, url: new URL(location, nav.url), body: toGet ? undefined : nav.body };
      continue;
    }
    const html = await res.text();
    if (nav.method === 'GET' && stopAt(nav.url)) return { url: nav.url, status: res.status, html };
    const auto = autoSubmitted(html);
    if (auto) {
      nav = submit(auto, nav.url, formData(auto));
      continue;
    }
    return { url: nav.url, status: res.status, html };
  }
  throw new Error(`demasiadas redirecciones: ${hops.join(' → ')}`);
}

/** The page's message for a report: its heading and alert. */
function describePage(page: Page): string {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(page.html)?.[1];
  const alert = /role="(?:alert|status)"[^>]*>([\s\S]*?)<\/p>/i.exec(page.html)?.[1];
  return `${page.status} ${page.url.origin}${page.url.pathname}${h1 ? ` «${text(h1)}»` : ''}${alert ? ` «${text(alert)}»` : ''}`;
}

const BUTTONS: Record<string, string> = {
  visa: 'Pagar',
  mastercard: 'Pagar',
  debit: 'Pagar',
  abort: 'Anular compra',
  pay: 'Pagar',
  reject: 'Rechazar el pago',
  abandon: 'Abandonar y volver al comercio',
};

/** The redirect the SPA was about to follow (payments.redirect.target): WebPay's form and token, or Khipu's page. */
export interface RedirectTarget {
  provider: PayerProvider;
  url: string;
  token?: string;
}

/**
 * Acts as the payer: opens the provider's page as the SPA sends the browser there (WebPay: POST of token_ws, what its
 * form does; Khipu: GET), makes the choice and follows the provider back to the portal. Returns the URL of the portal
 * page the browser lands on, and the hops for a report.
 */
export async function actAsPayer(target: RedirectTarget, choice: PayerChoice, isPortalPage: (url: URL) => boolean): Promise<{ url: URL; hops: string[] }> {
  if (target.provider !== choice.provider) throw new Error(`la SPA fue a ${target.provider}, el escenario espera ${choice.provider}`);
  const hops: string[] = [];
  const first: Navigation =
    target.provider === 'WEBPAY'
      ? { method: 'POST', url: new URL(target.url), body: new URLSearchParams({ token_ws: target.token ?? '' }) }
      : { method: 'GET', url: new URL(target.url) };
  const page = await navigate(first, isPortalPage, hops);
  const button = BUTTONS[choice.choice];
  const form = parseForms(page.html).find((f) => f.buttons.includes(button));
  if (!form) throw new Error(`en la página de ${target.provider} no está el botón «${button}»: ${describePage(page)}`);
  const overrides: Record<string, string> = {};
  if (target.provider === 'WEBPAY' && choice.choice !== 'abort') {
    const radio = form.fields.find((f) => f.type === 'radio' && (f.value === choice.choice || f.label.toLowerCase().includes(choice.choice)));
    if (!radio) throw new Error(`el formulario de WebPay no ofrece la tarjeta «${choice.choice}»`);
    overrides[radio.name] = radio.value;
    if (choice.installments) {
      const select = form.selects.find((s) => s.options.some((o) => o.value === String(choice.installments)));
      if (!select) throw new Error(`el formulario de WebPay no ofrece ${choice.installments} cuotas`);
      overrides[select.name] = String(choice.installments);
    }
  }
  const landed = await navigate(submit(form, page.url, formData(form, overrides)), isPortalPage, hops);
  if (!isPortalPage(landed.url)) throw new Error(`${target.provider} no devolvió al comprador al portal: ${describePage(landed)} (${hops.join(' → ')})`);
  return { url: landed.url, hops };
}
