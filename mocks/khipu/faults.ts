// The Khipu stand-in's fault switches: one typed shape, its defaults, and its parsers from the environment
// (KHIPU_STANDIN_*) and from a control-API body. The API switches touch /v3 only (the payer's page stays fast); the
// notification switches touch the signed notifications to the merchant.
import { faultsFromEnv, parseFaultBody, type EnvFaults, type FaultChange, type FaultSpec } from '../faults';

export interface KhipuFaults {
  /** Delay before each API answer (ms; pages are not delayed). */
  latencyMs: number;
  /** 0..1: fraction of API requests answered 500 (spread evenly). */
  errorRate: number;
  /** Destroy API connections at once (Khipu down). */
  refuse: boolean;
  /** Never answer API requests (Khipu hangs). */
  hang: boolean;
  /** From the payer paying (verifying) to done / normal and the notification (ms). Default 1000. */
  verifyDelayMs: number;
  /** Khipu notifies late: the first attempt of each notification waits this long more (ms). */
  notifyDelayMs: number;
  /**
   * Notifications fail: the first this-many attempts of each notification never reach the merchant (recorded with
   * error 'falla inyectada'); Khipu retries them on its usual schedule.
   */
  notifyFailAttempts: number;
  /** Notifications are not sent at all: the merchant only learns by reading the payment. */
  notifyDrop: boolean;
}

export const KHIPU_FAULTS_PREFIX = 'KHIPU_STANDIN_';

export const KHIPU_FAULT_SPEC: FaultSpec<KhipuFaults> = {
  latencyMs: { kind: 'duration', env: 'LATENCY', doc: 'demora antes de cada respuesta de la API (la página del pagador no se demora)' },
  errorRate: { kind: 'rate', env: 'ERROR_RATE', doc: 'fracción de llamadas a la API respondidas 500 (repartidas parejo)' },
  refuse: { kind: 'bool', env: 'REFUSE', doc: 'Khipu caído: corta cada conexión a la API al llegar' },
  hang: { kind: 'bool', env: 'HANG', doc: 'Khipu colgado: la API nunca responde' },
  verifyDelayMs: { kind: 'duration', env: 'VERIFY_DELAY', doc: 'cuánto tarda el banco en confirmar un pago (de verifying a done), antes de la notificación' },
  notifyDelayMs: { kind: 'duration', env: 'NOTIFY_DELAY', doc: 'Khipu notifica tarde: el primer intento de cada notificación espera esto más' },
  notifyFailAttempts: { kind: 'count', env: 'NOTIFY_FAIL_ATTEMPTS', doc: 'notificaciones que fallan: los primeros N intentos de cada una no llegan al portal; Khipu reintenta según su calendario' },
  notifyDrop: { kind: 'bool', env: 'NOTIFY_DROP', doc: 'Khipu no notifica: el portal solo se entera consultando el pago (conciliador)' },
};

export function defaultKhipuFaults(): KhipuFaults {
  return {
    latencyMs: 0, errorRate: 0, refuse: false, hang: false, verifyDelayMs: 1000, notifyDelayMs: 0, notifyFailAttempts: 0,
    notifyDrop: false,
  };
}

/**
 * KHIPU_STANDIN_* → the switches they set (KHIPU_STANDIN_PORT is the port, not a fault; KHIPU_STANDIN_NOTIFY_DELAY_MS,
 * the older name of KHIPU_STANDIN_NOTIFY_DELAY, takes a bare number of ms). Throws in Spanish.
 */
export function khipuFaultsFromEnv(env: NodeJS.ProcessEnv = process.env): EnvFaults<KhipuFaults> {
  return faultsFromEnv(KHIPU_FAULT_SPEC, KHIPU_FAULTS_PREFIX, env, { otherNames: ['PORT'], aliases: { NOTIFY_DELAY_MS: 'notifyDelayMs' } });
}

/** A control-API body → a change of the Khipu stand-in's switches. Throws FaultInputError in Spanish. */
export function parseKhipuFaultBody(body: unknown, now?: number): FaultChange<KhipuFaults> {
  return parseFaultBody(KHIPU_FAULT_SPEC, body, 'el sustituto de Khipu', now);
}
