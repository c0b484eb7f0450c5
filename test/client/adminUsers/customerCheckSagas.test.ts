import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { handleUserRutEntered, RUT_CHECK_DEBOUNCE_MS, watchUserRutEntered } from '@client/features/adminUsers/adminUsersSagas';
import {
  adminUsersReducer,
  erpCustomerCheckFailed,
  erpCustomerFound,
  erpCustomerNotFound,
  initialAdminUsersState,
  userCreateOpened,
  userRutEntered,
  type AdminUsersState,
} from '@client/features/adminUsers/adminUsersSlice';
import { fetchErpCustomer, type ErpCustomer } from '@client/features/adminUsers/api';
import { callWithTimeout } from '@client/app/sagaUtils';
import { MSG } from '@shared/messages';

const rut = '76123456-0';
const losAndes: ErpCustomer = { rut: '76.123.456-0', cardCode: 'C76123456', name: 'Comercial Los Andes SpA' };
const notCustomer = 'El rut no corresponde a un cliente del ERP';
const lookUp = call(callWithTimeout, fetchErpCustomer, rut);

describe('rut look-up in the ERP, step by step', () => {
  it('waits the debounce, asks the ERP, and shows the company', () => {
    testSaga(handleUserRutEntered, userRutEntered(rut))
      .next()
      .delay(RUT_CHECK_DEBOUNCE_MS)
      .next()
      .call(callWithTimeout, fetchErpCustomer, rut)
      .next(losAndes)
      .put(erpCustomerFound({ rut, customer: losAndes }))
      .next()
      .isDone();
  });

  it('404: not a customer, with the server message', () => {
    testSaga(handleUserRutEntered, userRutEntered(rut))
      .next()
      .delay(RUT_CHECK_DEBOUNCE_MS)
      .next()
      .is(lookUp)
      .throw(new HttpError(404, notCustomer))
      .put(erpCustomerNotFound({ rut, message: notCustomer }))
      .next()
      .isDone();
  });

  it('503: the ERP is down, a failed look-up (not a refusal)', () => {
    testSaga(handleUserRutEntered, userRutEntered(rut))
      .next()
      .delay(RUT_CHECK_DEBOUNCE_MS)
      .next()
      .is(lookUp)
      .throw(new HttpError(503, 'No se pudo consultar el ERP, inténtelo más tarde'))
      .put(erpCustomerCheckFailed({ rut, message: 'No se pudo consultar el ERP, inténtelo más tarde' }))
      .next()
      .isDone();
  });

  it("no answer in time: 'problema de conexión'", () => {
    testSaga(handleUserRutEntered, userRutEntered(rut))
      .next()
      .delay(RUT_CHECK_DEBOUNCE_MS)
      .next()
      .is(lookUp)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(erpCustomerCheckFailed({ rut, message: 'problema de conexión' }))
      .next()
      .isDone();
  });
});

describe('rut look-up, whole flow with the reducer', () => {
  const run = (actions: { type: string }[], answers: Record<string, ErpCustomer | Error>) => {
    const saga = expectSaga(watchUserRutEntered)
      .withReducer(adminUsersReducer, initialAdminUsersState)
      .provide([
        [
          matchers.call.fn(fetchErpCustomer),
          dynamic(({ args: [asked] }: { args: [string] }) => {
            const answer = answers[asked];
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        ],
      ]);
    for (const action of actions) saga.dispatch(action);
    return saga;
  };

  it("a customer: the company's name for that rut", async () => {
    const { storeState } = await run([userRutEntered(rut)], { [rut]: losAndes }).silentRun(RUT_CHECK_DEBOUNCE_MS + 200);
    expect((storeState as AdminUsersState).customerCheck).toEqual({ rut, status: 'found', customer: losAndes, error: null });
  });

  it('not a customer: the 404 message', async () => {
    const { storeState } = await run([userRutEntered(rut)], { [rut]: new HttpError(404, notCustomer) }).silentRun(RUT_CHECK_DEBOUNCE_MS + 200);
    expect((storeState as AdminUsersState).customerCheck).toEqual({ rut, status: 'notCustomer', customer: null, error: notCustomer });
  });

  it('a rut corrected within the debounce: one look-up, of the last rut', async () => {
    const other = '77345678-K';
    const result = await run([userRutEntered(rut), userRutEntered(other)], { [rut]: losAndes, [other]: { rut: other, cardCode: 'C77345678', name: 'Textiles del Sur Ltda.' } })
      .not.call(callWithTimeout, fetchErpCustomer, rut)
      .call(callWithTimeout, fetchErpCustomer, other)
      .silentRun(RUT_CHECK_DEBOUNCE_MS + 200);
    expect((result.storeState as AdminUsersState).customerCheck).toMatchObject({ rut: other, status: 'found', customer: { name: 'Textiles del Sur Ltda.' } });
  });

  it('an answer for a rut no longer on the form is ignored, and a new form starts without a look-up', () => {
    let state = adminUsersReducer(initialAdminUsersState, userRutEntered('77345678-K'));
    state = adminUsersReducer(state, erpCustomerFound({ rut, customer: losAndes }));
    expect(state.customerCheck).toEqual({ rut: '77345678-K', status: 'checking', customer: null, error: null });
    expect(adminUsersReducer(state, userCreateOpened()).customerCheck).toEqual(initialAdminUsersState.customerCheck);
  });

  it('the ERP down (503): a failed look-up with its message', async () => {
    const { storeState } = await expectSaga(handleUserRutEntered, userRutEntered(rut))
      .withReducer(adminUsersReducer, adminUsersReducer(initialAdminUsersState, userRutEntered(rut)))
      .provide([[matchers.call.fn(fetchErpCustomer), throwError(new HttpError(503, 'No se pudo consultar el ERP, inténtelo más tarde'))]])
      .run(RUT_CHECK_DEBOUNCE_MS + 500);
    expect((storeState as AdminUsersState).customerCheck).toMatchObject({ status: 'failed', error: 'No se pudo consultar el ERP, inténtelo más tarde' });
  });
});
