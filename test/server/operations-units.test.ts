// The pieces of the operations area that need no app: the ERP company names cache (batches, expiry, an ERP that does
// not answer) and the configuration of alerts and metrics.
import { tmpdir } from 'node:os';
import { alertMailToFromEnv, demoOpenWarning, isLoopbackHost, loadConfig, metricsTokenFromEnv, positiveInteger } from '@server/config';
import type { CompanyRef } from '@server/erp/followUp';
import { CompanyNames } from '@server/profile/companyNames';

const ref = (cardCode: string, name: string, rut: string): CompanyRef => ({ cardCode, name, rut });

describe('CompanyNames', () => {
  function directory() {
    let now = 1_000;
    const calls: string[][] = [];
    let down = false;
    const known = [ref('C1', 'Uno SpA', '76123456-0'), ref('C2', 'Dos Ltda.', '76.234.567-6')];
    const erp = {
      companiesByCardCode: async (codes: readonly string[]) => {
        calls.push([...codes]);
        if (down) throw new Error('ERP caído');
        return known.filter((k) => codes.includes(k.cardCode));
      },
      companiesByRut: async (ruts: readonly string[]) => {
        calls.push([...ruts]);
        if (down) throw new Error('ERP caído');
        return known.filter((k) => ruts.some((r) => r.replace(/\./g, '') === k.rut.replace(/\./g, '')));
      },
    };
    const errors: unknown[] = [];
    const names = new CompanyNames(erp, { ttlMs: 60_000, now: () => now, onError: (e) => errors.push(e) });
    return { names, calls, errors, tick: (ms: number) => (now += ms), setDown: (v: boolean) => (down = v) };
  }

  it('asks the ERP once for the codes it does not know, answers null for codes that are no customer, and keeps them a while', async () => {
    const d = directory();
    const first = await d.names.ofCardCodes(['C1', 'C2', 'C9', 'C1']);
    expect([...first]).toEqual([['C1', known('Uno SpA')], ['C2', known('Dos Ltda.')], ['C9', null]]);
    expect(d.calls).toEqual([['C1', 'C2', 'C9']]);
    await d.names.ofCardCodes(['C2', 'C9']);
    expect(d.calls).toHaveLength(1);
    // what a code look-up found serves a rut look-up too
    expect((await d.names.ofRuts(['76.123.456-0'])).get('76123456-0')).toMatchObject({ cardCode: 'C1' });
    expect(d.calls).toHaveLength(1);
    d.tick(60_001);
    await d.names.ofCardCodes(['C1']);
    expect(d.calls).toEqual([['C1', 'C2', 'C9'], ['C1']]);
  });

  it('an ERP that does not answer leaves unknown names out and keeps stale ones, without throwing', async () => {
    const d = directory();
    await d.names.ofCardCodes(['C1']);
    d.tick(120_000);
    d.setDown(true);
    const answer = await d.names.ofCardCodes(['C1', 'C2']);
    expect([...answer]).toEqual([['C1', known('Uno SpA')]]);
    expect(d.errors).toHaveLength(1);
    expect((await d.names.ofRuts(['no-es-rut', '77.345.678-K'])).size).toBe(0);
  });

  const known = (name: string) => expect.objectContaining({ name });
});

describe('configuration', () => {
  it('ALERT_MAIL_TO takes one or more addresses and refuses a wrong one in Spanish', () => {
    expect(alertMailToFromEnv(undefined)).toBeUndefined();
    expect(alertMailToFromEnv('  ')).toBeUndefined();
    expect(alertMailToFromEnv('ti@mayorista.cl')).toBe('ti@mayorista.cl');
    expect(alertMailToFromEnv('ti@mayorista.cl; ops@mayorista.cl,')).toBe('ti@mayorista.cl, ops@mayorista.cl');
    expect(() => alertMailToFromEnv('ti@mayorista.cl, Soporte <x@y.cl>')).toThrow('ALERT_MAIL_TO inválido: «Soporte <x@y.cl>» no es una dirección de correo');
  });

  it('METRICS_TOKEN must be long enough', () => {
    expect(metricsTokenFromEnv(undefined)).toBeUndefined();
    expect(metricsTokenFromEnv('0123456789abcdef')).toBe('0123456789abcdef');
    expect(() => metricsTokenFromEnv('corto')).toThrow('METRICS_TOKEN debe tener al menos 16 caracteres');
  });

  it('OUTBOX_MAX_ATTEMPTS: 25 unless set; a whole number of 1 or more', () => {
    expect(positiveInteger(undefined, 'OUTBOX_MAX_ATTEMPTS', 25)).toBe(25);
    expect(positiveInteger(' ', 'OUTBOX_MAX_ATTEMPTS', 25)).toBe(25);
    expect(positiveInteger('5', 'OUTBOX_MAX_ATTEMPTS', 25)).toBe(5);
    for (const wrong of ['0', '-3', '2.5', 'cinco']) expect(() => positiveInteger(wrong, 'OUTBOX_MAX_ATTEMPTS', 25)).toThrow(`OUTBOX_MAX_ATTEMPTS inválido: ${wrong}`);
  });

  it('HOST: the embedded default answers this machine only; with DATABASE_URL every interface; HOST wins', () => {
    const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).host).toBe('127.0.0.1');
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://u:p@db:5432/portal' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...env, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...env, HOST: ' ' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://u:p@db:5432/portal', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('a loopback HOST keeps the demo logins private; any other gets the Spanish warning', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example', '1270.0.0.1']) expect(isLoopbackHost(host)).toBe(false);
    expect(demoOpenWarning('0.0.0.0')).toContain('ATENCIÓN: el portal escucha en 0.0.0.0');
    expect(demoOpenWarning('0.0.0.0')).toContain('cualquiera en la red puede ingresar como superadministrador');
  });

  it('ERP_INVOICES_TTL: 60 s unless set; a duration of at least a second', () => {
    const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).invoicesTtlMs).toBe(60_000);
    expect(loadConfig({ ...env, ERP_INVOICES_TTL: '3s' }).invoicesTtlMs).toBe(3000);
    expect(() => loadConfig({ ...env, ERP_INVOICES_TTL: 'pronto' })).toThrow('ERP_INVOICES_TTL inválido: pronto');
  });
});
