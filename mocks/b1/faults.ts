// The SAP B1 Service Layer stand-in's fault switches: one typed shape, its defaults, and its parsers from the
// environment (B1_STANDIN_*) and from a control-API body. The server (server.ts) reads them on every request.
import { faultsFromEnv, parseFaultBody, type EnvFaults, type FaultChange, type FaultSpec } from '../faults';
import { APPROVAL_CARDCODE } from './partners';

/** How the stand-in decides the Drafts an approval procedure makes. */
export type ApprovalDecision = 'manual' | 'approve' | 'reject';

export interface B1Faults {
  /** Delay before each answer (ms). */
  latencyMs: number;
  /** 0..1: fraction of requests answered 500 with a SL error body (spread evenly: 0.5 = every second request). */
  errorRate: number;
  /** Destroy sockets at once (the ERP is down: connection refused / reset). */
  refuse: boolean;
  /** Never answer (the ERP hangs: the client's timeout decides). */
  hang: boolean;
  /** Every session is treated as expired → 401 code 301. */
  expireSessions: boolean;
  /**
   * A creating POST (Orders, IncomingPayments; a Draft an approval procedure makes from a POST Orders), or a PATCH
   * BusinessPartners carrying ContactEmployees, is processed
   * and committed this many ms after it arrived, whether or not the client is still waiting, as B1 keeps working on
   * a request its client gave up on. Nothing of it is visible to GETs before then. 0 = at once.
   */
  postDelayMs: number;
  /**
   * 0..1: fraction of creating POSTs (and PATCHes of contact persons) whose answer is lost: the change is committed,
   * then the socket is destroyed without an answer. Spread evenly like errorRate (0.5 = every second committed create).
   */
  loseAnswerRate: number;
  /** CardCodes whose sales orders go to the approval procedure (a Draft and -2028). Default [APPROVAL_CARDCODE]. */
  approvalCardCodes: string[];
  /** 'manual' (default: a person or a test decides), or the stand-in approves / rejects each Draft by itself. */
  approvalDecision: ApprovalDecision;
  /** With approvalDecision 'approve' / 'reject': how long after the Draft was made the decision comes (ms). */
  approvalDecisionDelayMs: number;
  /**
   * 0 (default): orders are invoiced only when asked (`invoiceOrder`). Above 0: each sales order committed while it is
   * set is invoiced by the stand-in this many ms later, as the wholesaler's billing would (an Invoice based on it).
   */
  autoInvoiceAfterMs: number;
}

export const B1_FAULTS_PREFIX = 'B1_STANDIN_';

export const B1_FAULT_SPEC: FaultSpec<B1Faults> = {
  latencyMs: { kind: 'duration', env: 'LATENCY', doc: 'demora antes de cada respuesta del Service Layer' },
  errorRate: { kind: 'rate', env: 'ERROR_RATE', doc: 'fracción de solicitudes respondidas 500 con cuerpo de error de SL (repartidas parejo: 0.5 = una de cada dos)' },
  refuse: { kind: 'bool', env: 'REFUSE', doc: 'ERP caído: corta cada conexión al llegar (conexión rechazada o reiniciada)' },
  hang: { kind: 'bool', env: 'HANG', doc: 'ERP colgado: acepta la conexión y nunca responde (decide el tiempo máximo del portal, B1_TIMEOUT)' },
  expireSessions: { kind: 'bool', env: 'EXPIRE_SESSIONS', doc: 'toda sesión se trata como vencida: 401 código 301 (el portal debe volver a ingresar)' },
  postDelayMs: { kind: 'duration', env: 'POST_DELAY', doc: 'POST lentos: pedidos, pagos recibidos y personas de contacto (PATCH) se procesan y confirman esta demora después de llegar, espere o no el portal' },
  loseAnswerRate: { kind: 'rate', env: 'LOSE_ANSWER_RATE', doc: 'respuestas perdidas: fracción de POST de creación (y de PATCH de personas de contacto) que B1 confirma y cuya respuesta nunca llega (conexión cortada)' },
  approvalCardCodes: { kind: 'list', env: 'APPROVAL_CARDCODES', doc: 'CardCodes cuyos pedidos pasan por el procedimiento de aprobación (borrador y -2028); vacío = ninguno' },
  approvalDecision: { kind: { enum: ['manual', 'approve', 'reject'] }, env: 'APPROVAL_DECISION', doc: "quién decide los borradores: 'manual' (una persona o una prueba), o el sustituto aprueba ('approve') o rechaza ('reject') cada uno solo" },
  approvalDecisionDelayMs: { kind: 'duration', env: 'APPROVAL_DECISION_DELAY', doc: "con 'approve' o 'reject': cuánto después de creado el borrador llega la decisión" },
  autoInvoiceAfterMs: { kind: 'duration', env: 'AUTO_INVOICE', doc: 'facturación automática: cada pedido de venta que entra se factura esta demora después (factura basada en el pedido); 0 = solo a pedido' },
};

/** The switches of a stand-in started without options: no faults, the demo buyer under the approval procedure. */
export function defaultB1Faults(): B1Faults {
  return {
    latencyMs: 0, errorRate: 0, refuse: false, hang: false, expireSessions: false, postDelayMs: 0, loseAnswerRate: 0,
    approvalCardCodes: [APPROVAL_CARDCODE], approvalDecision: 'manual', approvalDecisionDelayMs: 0, autoInvoiceAfterMs: 0,
  };
}

/** B1_STANDIN_* → the switches they set (B1_STANDIN_PORT is the stand-in's port, not a fault). Throws in Spanish. */
export function b1FaultsFromEnv(env: NodeJS.ProcessEnv = process.env): EnvFaults<B1Faults> {
  return faultsFromEnv(B1_FAULT_SPEC, B1_FAULTS_PREFIX, env, { otherNames: ['PORT'] });
}

/** A control-API body → a change of the B1 stand-in's switches. Throws FaultInputError in Spanish. */
export function parseB1FaultBody(body: unknown, now?: number): FaultChange<B1Faults> {
  return parseFaultBody(B1_FAULT_SPEC, body, 'el sustituto de B1', now);
}
