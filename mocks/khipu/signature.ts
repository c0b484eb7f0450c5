// The notification signature of Khipu API v3:
// header `x-khipu-signature: t=<ms timestamp>,s=<base64(HMAC-SHA256(key = merchant secret, message = t + "." + rawBody))>`.
import { createHmac } from 'node:crypto';

export function khipuSignature(rawBody: string, secret: string, timestampMs: number): string {
  const s = createHmac('sha256', secret).update(`${timestampMs}.${rawBody}`).digest('base64');
  return `t=${timestampMs},s=${s}`;
}

/** JSON as Khipu's notifier writes it: slashes escaped (`https:\/\/…`), as in the public test vector. */
export function khipuJson(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}
