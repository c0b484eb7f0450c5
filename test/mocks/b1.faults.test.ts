// The B1 stand-in's fault switches: B1_STANDIN_* variables, setFaults / faults(), a time-boxed outage that ends by
// itself, and the approval switches (CardCodes, the stand-in's own decision).
import { b1FaultsFromEnv, parseB1FaultBody, startB1Mock, type B1Mock } from '@mocks/b1/server';

const LOGIN = JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' });
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('B1_STANDIN_* variables', () => {
  it('read every switch, with durations, rates and lists', () => {
    const env = {
      B1_STANDIN_PORT: '50001',
      B1_STANDIN_LATENCY: '300ms',
      B1_STANDIN_ERROR_RATE: '10%',
      B1_STANDIN_REFUSE: 'si',
      B1_STANDIN_HANG: '0',
      B1_STANDIN_EXPIRE_SESSIONS: 'false',
      B1_STANDIN_POST_DELAY: '20s',
      B1_STANDIN_LOSE_ANSWER_RATE: '0.5',
      B1_STANDIN_APPROVAL_CARDCODES: 'C76345678,C76123456',
      B1_STANDIN_APPROVAL_DECISION: 'approve',
      B1_STANDIN_APPROVAL_DECISION_DELAY: '5m',
      B1_STANDIN_FAULTS_FOR: '2m',
    };
    expect(b1FaultsFromEnv(env)).toEqual({
      change: {
        latencyMs: 300, errorRate: 0.1, refuse: true, hang: false, expireSessions: false, postDelayMs: 20_000, loseAnswerRate: 0.5,
        approvalCardCodes: ['C76345678', 'C76123456'], approvalDecision: 'approve', approvalDecisionDelayMs: 300_000,
      },
      forMs: 120_000,
    });
    expect(b1FaultsFromEnv({ B1_STANDIN_APPROVAL_CARDCODES: '' }).change).toEqual({ approvalCardCodes: [] });
  });

  it('refuse values that do not fit, in Spanish', () => {
    expect(() => b1FaultsFromEnv({ B1_STANDIN_POST_DELAY: '20' })).toThrow('B1_STANDIN_POST_DELAY inválido: «20»; se espera una duración con unidad');
    expect(() => b1FaultsFromEnv({ B1_STANDIN_APPROVAL_DECISION: 'yes' })).toThrow('B1_STANDIN_APPROVAL_DECISION inválido: «yes»; se espera uno de: manual, approve, reject');
    expect(() => b1FaultsFromEnv({ B1_STANDIN_DOWN: '1' })).toThrow('B1_STANDIN_DOWN no es una variable conocida del sustituto');
  });

  it('a control body is checked the same way', () => {
    expect(parseB1FaultBody({ refuse: true, for: '2m' }, 0)).toEqual({ refuse: true, until: 120_000 });
    expect(() => parseB1FaultBody({ errorRate: 2 })).toThrow('errorRate inválido: 2; se espera una fracción entre 0 y 1');
    expect(() => parseB1FaultBody({ down: true })).toThrow('Falla desconocida para el sustituto de B1: «down»');
  });
});

describe('B1 stand-in switches', () => {
  let mock: B1Mock;
  let cookie: string;
  const countries = (): Promise<Response> => fetch(`${mock.url}/Countries`, { headers: { cookie } });

  beforeAll(async () => {
    mock = await startB1Mock({ latencyMs: 5 });
    const res = await fetch(`${mock.url}/Login`, { method: 'POST', body: LOGIN });
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });
  afterEach(() => mock.resetFaults());
  afterAll(async () => { await mock.close(); });

  it('faults() shows the start options; resetFaults() returns to them', () => {
    expect(mock.faults()).toEqual({
      latencyMs: 5, errorRate: 0, refuse: false, hang: false, expireSessions: false, postDelayMs: 0, loseAnswerRate: 0,
      approvalCardCodes: ['C76345678'], approvalDecision: 'manual', approvalDecisionDelayMs: 0, autoInvoiceAfterMs: 0,
    });
    mock.setFaults({ errorRate: 1, approvalCardCodes: [] });
    mock.setLatency(50);
    expect(mock.faults()).toMatchObject({ errorRate: 1, latencyMs: 50, approvalCardCodes: [] });
    mock.resetFaults();
    expect(mock.faults()).toMatchObject({ errorRate: 0, latencyMs: 5, approvalCardCodes: ['C76345678'] });
  });

  it('"ERP down for a while": refused until the time is up, then it answers by itself', async () => {
    mock.setFaults({ refuse: true, forMs: 400 });
    expect(mock.faultState().timed.refuse).toMatchObject({ value: true });
    await expect(countries()).rejects.toThrow('fetch failed');
    await sleep(450);
    expect((await countries()).status).toBe(200);
    expect(mock.faults().refuse).toBe(false);
    expect(mock.faultState().timed).toEqual({});
  });

  it('errors for a while, then the permanent error rate again', async () => {
    mock.setFaults({ errorRate: 0 });
    mock.setFaults({ errorRate: 1, until: Date.now() + 300 });
    expect((await countries()).status).toBe(500);
    await sleep(350);
    expect((await countries()).status).toBe(200);
  });

  it('approvalDecision approve: the Draft becomes an Order by itself after the delay', async () => {
    mock.setFaults({ approvalCardCodes: ['C76123456'], approvalDecision: 'approve', approvalDecisionDelayMs: 100 });
    const res = await fetch(`${mock.url}/Orders`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify({ CardCode: 'C76123456', NumAtCard: 'OC-FAULTS-1', DocDueDate: '2026-12-31', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }] }),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-2028);
    const draft = mock.data.Drafts.find((d) => d.NumAtCard === 'OC-FAULTS-1');
    expect(draft?.AuthorizationStatus).toBe('dasPending');
    expect(mock.data.Orders.some((o) => o.NumAtCard === 'OC-FAULTS-1')).toBe(false);
    await sleep(250);
    expect(mock.data.Orders.some((o) => o.NumAtCard === 'OC-FAULTS-1')).toBe(true);
    expect(mock.data.ApprovalRequests.find((r) => r.DraftEntry === draft!.DocEntry)?.Status).toBe('arsGenerated');
  });

  it('approvalDecision reject: the Draft is rejected by itself, no Order', async () => {
    mock.setFaults({ approvalCardCodes: ['C76123456'], approvalDecision: 'reject', approvalDecisionDelayMs: 50 });
    await fetch(`${mock.url}/Orders`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify({ CardCode: 'C76123456', NumAtCard: 'OC-FAULTS-2', DocDueDate: '2026-12-31', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }] }),
    });
    const draft = mock.data.Drafts.find((d) => d.NumAtCard === 'OC-FAULTS-2');
    await sleep(200);
    expect(mock.data.ApprovalRequests.find((r) => r.DraftEntry === draft!.DocEntry)?.Status).toBe('arsNotApproved');
    expect(mock.data.Orders.some((o) => o.NumAtCard === 'OC-FAULTS-2')).toBe(false);
  });
});
