import { REDACTED, redactSecrets } from '../devtools';

// Everything the scenario recorder keeps goes through the DevTools sanitizer first (redactSecrets: passwords, tokens,
// Authorization), and through two more rules of its own: the keys of the payment providers' tokens, and the secret
// values themselves wherever else they appear (a WebPay token inside an API path or a return URL).

/** Keys the recorder hides besides the DevTools ones (compared without case). */
const EXTRA_SECRET_KEYS = new Set(['token_ws', 'tbk_token', 'tokenws', 'tbktoken', 'xsrf', 'x-xsrf-token', 'idempotency-key', 'secret', 'apikey', 'api_key', 'passwordtax', 'clave']);

/** Query parameters of a URL or path that are hidden. */
const SECRET_PARAMS = /([?&](?:token_ws|TBK_TOKEN|token|password)=)[^&#]*/gi;

/** Secret values of at least this length are also hidden inside other strings (a shorter one would hide too much). */
const MIN_SECRET_LENGTH = 6;

/** The secret values seen so far by one recorder: a token seen in an action is hidden later in a path too. */
export class SecretMemory {
  private readonly values = new Set<string>();

  remember(value: string) {
    if (value.length >= MIN_SECRET_LENGTH && value !== REDACTED) this.values.add(value);
  }

  /** A string with every remembered secret and every secret query parameter replaced. */
  scrubText(text: string): string {
    let out = text.replace(SECRET_PARAMS, `$1${REDACTED}`);
    for (const secret of this.values) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(REDACTED);
    }
    return out;
  }

  get size() {
    return this.values.size;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

function collectSecrets(value: unknown, memory: SecretMemory, extraKey: (key: string) => boolean, depth = 0) {
  if (!isObject(value) || depth > 40) return;
  if (Array.isArray(value)) {
    for (const item of value) collectSecrets(item, memory, extraKey, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && extraKey(key)) memory.remember(item);
    else collectSecrets(item, memory, extraKey, depth + 1);
  }
}

/** A kept value is JSON text (the card transaction a tab started): its secrets are hidden inside it too. */
function scrubJsonText(text: string, memory: SecretMemory, depth: number): string {
  if (!/^\s*[[{]/.test(text)) return memory.scrubText(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return memory.scrubText(text);
  }
  collectSecrets(parsed, memory, isAnySecretKey);
  return JSON.stringify(redactExtra(redactSecrets(parsed), memory, depth + 1));
}

function redactExtra(value: unknown, memory: SecretMemory, depth = 0): unknown {
  if (typeof value === 'string') return scrubJsonText(value, memory, depth);
  if (!isObject(value) || depth > 40) return value;
  if (Array.isArray(value)) return value.map((item) => redactExtra(item, memory, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = EXTRA_SECRET_KEYS.has(key.toLowerCase()) && item !== null && item !== undefined && item !== '' ? REDACTED : redactExtra(item, memory, depth + 1);
  }
  return copy;
}

/** The DevTools keys (redactSecrets) plus the recorder's own. */
const isAnySecretKey = (key: string) => {
  const k = key.toLowerCase();
  return EXTRA_SECRET_KEYS.has(k) || redactSecrets({ [k]: 'x' })[k] === REDACTED;
};

/**
 * A sanitized, JSON-safe copy of `value`: what DevTools would show (redactSecrets), the recorder's extra keys hidden,
 * and any secret value remembered by `memory` (from this value or an earlier one) hidden inside other strings.
 */
export function sanitize<T>(value: T, memory: SecretMemory): T {
  collectSecrets(value, memory, isAnySecretKey);
  const devtoolsSafe = redactSecrets(value);
  return toJsonSafe(redactExtra(devtoolsSafe, memory)) as T;
}

/** Drops what JSON cannot hold (functions, undefined in arrays become null, Dates become their ISO text). */
function toJsonSafe(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return String(value);
  }
}
