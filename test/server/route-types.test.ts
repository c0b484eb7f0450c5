import Fastify from 'fastify';
import type { AccountDocumentKind } from '@shared/api/account';
import type { CartAddRequest, CartBulkRequest, CartUpdateRequest } from '@shared/api/cart';
import type { SizeCurveRequest } from '@shared/api/curves';
import type { QuickOrderValidateRequest } from '@shared/api/ordering';
import type { CreateOrderRequest, OrderMailRequest, SubmitOrderRequest, UpdateOrderStateRequest } from '@shared/api/orders';
import type { ErpPaymentRequest, WebpayCreateRequest, WebpayUpdateRequest } from '@shared/api/payments';
import type { ChangePasswordRequest, LoginRequest } from '@shared/api/types';
import { changePasswordSchema, loginSchema } from '@shared/schemas/auth';
import { cartAddSchema, cartBulkSchema, cartUpdateSchema } from '@shared/schemas/cart';
import { curveSchema } from '@shared/schemas/curves';
import { createOrderSchema, orderMailSchema, submitOrderSchema, updateOrderStateSchema } from '@shared/schemas/orders';
import { erpPaymentSchema, khipuCreateSchema, webpayCreateSchema, webpayUpdateSchema } from '@shared/schemas/payments';
import { quickOrderValidateSchema } from '@shared/schemas/quickOrder';
import * as yup from '@shared/yup';
import errors from '@server/plugins/errors';
import yupValidation, { type YupTypeProvider } from '@server/plugins/validation';

// A route declared through YupTypeProvider takes the types of its body, query and parameters from the yup schemas that
// validate them (`npx tsc --noEmit` checks the type assertions below; lint refuses hand-written generics on routes).

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeIs = <A, B>(same: Equal<A, B>) => same;
/** Compiles only when what schema `S` lets through is a `T`: the request types of src/shared/api describe their schemas. */
const fits = <S extends yup.Schema, T>(schema: S, ..._check: yup.InferType<S> extends T ? [] : [never]) => schema;

describe('routes typed from their schemas', () => {
  it('gives the handler the validated body with the schema’s type, and a 400 in Spanish for a body that does not match', async () => {
    const body = yup.object({ name: yup.string().trim().required('Falta el nombre'), copies: yup.number().integer().min(1).default(1) });
    const params = yup.object({ id: yup.number().integer().positive().required() });
    const app = Fastify().withTypeProvider<YupTypeProvider>();
    await app.register(errors);
    await app.register(yupValidation);
    app.post('/things/:id', { schema: { body, params } }, (request) => {
      typeIs<typeof request.body, { name: string; copies: number }>(true);
      typeIs<typeof request.params, { id: number }>(true);
      // @ts-expect-error: the body has no field the schema does not declare
      void request.body.price;
      return { id: request.params.id, name: request.body.name, copies: request.body.copies };
    });

    const ok = await app.inject({ method: 'POST', url: '/things/7', payload: { name: '  Polera ', price: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 7, name: 'Polera', copies: 1 });

    const bad = await app.inject({ method: 'POST', url: '/things/7', payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: 'Falta el nombre' });
    await app.close();
  });

  it('types a shared request schema the way the service that takes it reads it', () => {
    type KhipuBody = yup.InferType<typeof khipuCreateSchema>;
    typeIs<KhipuBody, { orderReference?: string; invoices?: number[]; documents?: { kind: AccountDocumentKind; docEntry: number; amount?: number }[] }>(true);
    expect(khipuCreateSchema.isValidSync({ orderReference: 'OC000123' })).toBe(true);
    expect(khipuCreateSchema.isValidSync({})).toBe(false);
  });

  it('keeps every request type the SPA sends in step with the schema the server validates it with', () => {
    const checked = [
      fits<typeof cartAddSchema, CartAddRequest>(cartAddSchema),
      fits<typeof cartBulkSchema, CartBulkRequest>(cartBulkSchema),
      fits<typeof cartUpdateSchema, CartUpdateRequest>(cartUpdateSchema),
      fits<typeof curveSchema, SizeCurveRequest>(curveSchema),
      fits<typeof orderMailSchema, OrderMailRequest>(orderMailSchema),
      fits<typeof createOrderSchema, CreateOrderRequest>(createOrderSchema),
      fits<typeof submitOrderSchema, SubmitOrderRequest>(submitOrderSchema),
      fits<typeof updateOrderStateSchema, UpdateOrderStateRequest>(updateOrderStateSchema),
      fits<typeof quickOrderValidateSchema, QuickOrderValidateRequest>(quickOrderValidateSchema),
      fits<typeof loginSchema, LoginRequest>(loginSchema),
      fits<typeof changePasswordSchema, ChangePasswordRequest>(changePasswordSchema),
      fits<typeof erpPaymentSchema, ErpPaymentRequest>(erpPaymentSchema),
      fits<typeof webpayCreateSchema, WebpayCreateRequest>(webpayCreateSchema),
      fits<typeof webpayUpdateSchema, WebpayUpdateRequest>(webpayUpdateSchema),
    ];
    // each is a yup object schema that refuses an empty body
    for (const schema of checked) expect(schema.isValidSync({})).toBe(false);
  });
});
