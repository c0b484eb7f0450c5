// The WebPay Plus stand-in's fault switches: one typed shape, its defaults, and its parsers from the environment
// (WEBPAY_STANDIN_*) and from a control-API body. They touch the REST API only: the payer's pages stay fast.
import { faultsFromEnv, parseFaultBody, type EnvFaults, type FaultChange, type FaultSpec } from '../faults';
import type { StatusBeforeCommit } from './store';

export interface WebpayFaults {
  /** Delay before each API answer (ms; the card form is not delayed). */
  latencyMs: number;
  /** 0..1: fraction of API requests answered 500 (spread evenly: 0.5 = every second request). */
  errorRate: number;
  /** Destroy API connections at once (WebPay down: connection refused / reset). */
  refuse: boolean;
  /** Never answer API requests (WebPay hangs: the merchant's timeout decides). */
  hang: boolean;
  /**
   * Carry out API requests (a commit commits) but drop the connection instead of answering: the merchant cannot know
   * how its request ended.
   */
  loseAnswer: boolean;
  /**
   * Slow commit: a commit (PUT) is carried out this many ms after it arrived, whether or not the merchant still waits
   * (as Transbank finishes a commit its client gave up on). Added to latencyMs.
   */
  commitDelayMs: number;
  /** Slow status: a status (GET) answers this many ms later. Added to latencyMs. */
  statusDelayMs: number;
  /** What status answers before a commit: 'initialized' (default) or 'misleading' (looks authorized). */
  statusBeforeCommit: StatusBeforeCommit;
}

export const WEBPAY_FAULTS_PREFIX = 'WEBPAY_STANDIN_';

export const WEBPAY_FAULT_SPEC: FaultSpec<WebpayFaults> = {
  latencyMs: { kind: 'duration', env: 'LATENCY', doc: 'demora antes de cada respuesta de la API (el formulario de tarjetas no se demora)' },
  errorRate: { kind: 'rate', env: 'ERROR_RATE', doc: 'fracción de llamadas a la API respondidas 500 (repartidas parejo)' },
  refuse: { kind: 'bool', env: 'REFUSE', doc: 'WebPay caído: corta cada conexión a la API al llegar' },
  hang: { kind: 'bool', env: 'HANG', doc: 'WebPay colgado: la API nunca responde (decide WEBPAY_TIMEOUT_MS del portal)' },
  loseAnswer: { kind: 'bool', env: 'LOSE_ANSWER', doc: 'respuestas perdidas: la API hace lo pedido (un commit confirma) y corta la conexión sin responder' },
  commitDelayMs: { kind: 'duration', env: 'COMMIT_DELAY', doc: 'commit lento: se procesa esta demora después de llegar, espere o no el portal' },
  statusDelayMs: { kind: 'duration', env: 'STATUS_DELAY', doc: 'consulta de estado lenta: responde esta demora después' },
  statusBeforeCommit: { kind: { enum: ['initialized', 'misleading'] }, env: 'STATUS_BEFORE_COMMIT', doc: "qué responde el estado antes del commit: 'initialized' o 'misleading' (parece autorizada sin estarlo)" },
};

export function defaultWebpayFaults(): WebpayFaults {
  return {
    latencyMs: 0, errorRate: 0, refuse: false, hang: false, loseAnswer: false, commitDelayMs: 0, statusDelayMs: 0,
    statusBeforeCommit: 'initialized',
  };
}

/** WEBPAY_STANDIN_* → the switches they set (WEBPAY_STANDIN_PORT is the port, not a fault). Throws in Spanish. */
export function webpayFaultsFromEnv(env: NodeJS.ProcessEnv = process.env): EnvFaults<WebpayFaults> {
  return faultsFromEnv(WEBPAY_FAULT_SPEC, WEBPAY_FAULTS_PREFIX, env, { otherNames: ['PORT'] });
}

/** A control-API body → a change of the WebPay stand-in's switches. Throws FaultInputError in Spanish. */
export function parseWebpayFaultBody(body: unknown, now?: number): FaultChange<WebpayFaults> {
  return parseFaultBody(WEBPAY_FAULT_SPEC, body, 'el sustituto de WebPay', now);
}
