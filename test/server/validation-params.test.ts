import Fastify from 'fastify';
import * as yup from '@shared/yup';
import yupValidation from '@server/plugins/validation';

// Path parameters: a valid set is checked by yup once per route and given again (a copy) after; an invalid set is
// refused every time with the schema's message.
describe('path parameters', () => {
  it('runs the schema once per valid set, refuses an invalid one every time, and hands each request its own copy', async () => {
    let runs = 0;
    const params = yup.object({
      sku: yup
        .string()
        .trim()
        .matches(/^[A-Z0-9-]+$/, 'Código de producto inválido')
        .test('counted', '', () => {
          runs++;
          return true;
        })
        .required(),
    });
    const app = Fastify();
    await app.register(yupValidation);
    app.get<{ Params: { sku: string } }>('/p/:sku', { schema: { params: params } }, (request) => {
      const seen = { ...request.params };
      (request.params as { sku: string }).sku = 'CAMBIADO';
      return seen;
    });
    const get = (sku: string) => app.inject({ method: 'GET', url: `/p/${sku}` });

    for (let i = 0; i < 3; i++) {
      const ok = await get('POL-1001');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ sku: 'POL-1001' });
    }
    expect(runs).toBe(1);
    expect((await get('%20POL-1002%20')).json()).toEqual({ sku: 'POL-1002' });
    expect(runs).toBe(2);

    for (let i = 0; i < 2; i++) {
      const bad = await get('pol%3C1');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Código de producto inválido');
    }
    // the invalid value went through the schema each time (abortEarly: false runs every rule)
    expect(runs).toBe(4);
    // and nothing of it was kept: the valid one is still given from memory
    expect((await get('POL-1001')).json()).toEqual({ sku: 'POL-1001' });
    expect(runs).toBe(4);
    await app.close();
  });

  it('tells the sets of a route of several parameters apart', async () => {
    let runs = 0;
    const counted = () => yup.string().required().test('counted', '', () => {
      runs++;
      return true;
    });
    const app = Fastify();
    await app.register(yupValidation);
    app.get('/p/:a/:b', { schema: { params: yup.object({ a: counted(), b: counted() }) } }, (request) => request.params);
    const get = async (a: string, b: string) => (await app.inject({ method: 'GET', url: `/p/${a}/${b}` })).json();
    expect(await get('X', 'Y')).toEqual({ a: 'X', b: 'Y' });
    expect(await get('Y', 'X')).toEqual({ a: 'Y', b: 'X' });
    expect(await get('XY', 'Z')).toEqual({ a: 'XY', b: 'Z' });
    expect(await get('X', 'YZ')).toEqual({ a: 'X', b: 'YZ' });
    expect(runs).toBe(8);
    expect(await get('Y', 'X')).toEqual({ a: 'Y', b: 'X' });
    expect(await get('X', 'YZ')).toEqual({ a: 'X', b: 'YZ' });
    expect(runs).toBe(8);
    await app.close();
  });
});
