import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { actingCompanyChanged, representedCallRefused } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { REP_CUSTOMERS_PATH } from '@client/app/routePaths';
import { callWithTimeout } from '@client/app/sagaUtils';
import { endRepresentation, fetchRepCustomers, representCustomer } from '@client/features/reps/api';
import { handleEnd, handleRepresent, handleRepresentedCallRefused, loadRepCustomers, REPRESENTED_HOME } from '@client/features/reps/repsSagas';
import { selectRepCustomersQuery, selectRepSession, selectSessionToken } from '@client/features/reps/repsSelectors';
import { endFinished, initialRepsState, type RepsState, repCustomersList, representFinished, representRequested, repsReducer } from '@client/features/reps/repsSlice';
import type { RepCustomerList, RepresentResponse, RepSessionInfo } from '@shared/api/reps';
import { REP_MSG } from '@shared/schemas/reps';

// 'Representar', 'Terminar' and a representation the server ended (docs/sales-reps.md), step by step.

const idle: RepSessionInfo = { salesPersonCode: 1, scope: 'ASIGNADOS', name: 'Carolina Ibáñez Rojas', representing: null };
const andes = { cardCode: 'C76123456', rut: '76.123.456-0', name: 'Comercial Los Andes SpA' };
const representing: RepSessionInfo = { ...idle, representing: andes };

describe('Representar', () => {
  it('swaps the token, keeps the rep’s state, tells the server’s message and opens the catalogue', () => {
    const answer: RepresentResponse = { token: 'jwt-andes', rep: representing, message: 'Atendiendo a Comercial Los Andes SpA (76.123.456-0)' };
    testSaga(handleRepresent, representRequested({ cardCode: 'C76123456', name: andes.name }))
      .next()
      .call(callWithTimeout, representCustomer, 'C76123456')
      .next(answer)
      .put(actingCompanyChanged({ token: 'jwt-andes', rep: representing }))
      .next()
      .call(notify, answer.message, 'success')
      .next()
      .call(navigateTo, REPRESENTED_HOME)
      .next()
      .put(representFinished())
      .next()
      .isDone();
  });

  it('a refusal is told and the session stays as it was', () => {
    const refused = new HttpError(403, REP_MSG.outOfScope);
    testSaga(handleRepresent, representRequested({ cardCode: 'C77890123', name: 'Tienda La Serena SpA' }))
      .next()
      .call(callWithTimeout, representCustomer, 'C77890123')
      .throw(refused)
      .call(notify, REP_MSG.outOfScope, 'error')
      .next()
      .put(representFinished())
      .next()
      .isDone();
  });
});

describe('Terminar', () => {
  it('swaps the token for one naming no customer, tells it and goes back to Mis clientes', () => {
    const answer: RepresentResponse = { token: 'jwt-idle', rep: idle, message: 'Terminó la atención de Comercial Los Andes SpA' };
    testSaga(handleEnd)
      .next()
      .call(callWithTimeout, endRepresentation)
      .next(answer)
      .put(actingCompanyChanged({ token: 'jwt-idle', rep: idle }))
      .next()
      .call(notify, answer.message, 'info')
      .next()
      .call(navigateTo, REP_CUSTOMERS_PATH)
      .next()
      .put(endFinished())
      .next()
      .isDone();
  });

  it('a failure is told; the rep still represents the customer', () =>
    expectSaga(handleEnd)
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(0, 'Sin conexión'))]])
      .call(notify, 'Sin conexión', 'error')
      .not.put.actionType(actingCompanyChanged.type)
      .put(endFinished())
      .run());
});

describe('a buyer call refused because the representation is over', () => {
  it('ends it in the SPA at once, tells the server’s words, goes to Mis clientes, then asks for a clean token', () => {
    const answer: RepresentResponse = { token: 'jwt-idle', rep: idle, message: 'No estaba atendiendo a ningún cliente' };
    testSaga(handleRepresentedCallRefused, representedCallRefused(REP_MSG.representationEnded))
      .next()
      .select(selectRepSession)
      .next(representing)
      .select(selectSessionToken)
      .next('jwt-andes')
      .put(actingCompanyChanged({ token: 'jwt-andes', rep: idle }))
      .next()
      .call(notify, REP_MSG.representationEnded, 'warning')
      .next()
      .call(navigateTo, REP_CUSTOMERS_PATH, { replace: true })
      .next()
      .call(callWithTimeout, endRepresentation)
      .next(answer)
      .put(actingCompanyChanged({ token: 'jwt-idle', rep: idle }))
      .next()
      .isDone();
  });

  it('the customer left the rep’s scope in the ERP: the same, and a failed clean-up leaves the local end standing', () =>
    expectSaga(handleRepresentedCallRefused, representedCallRefused(REP_MSG.outOfScope))
      .withState({ session: { token: 'jwt-andes', rep: representing } })
      .provide([[matchers.call.fn(callWithTimeout), throwError(new HttpError(0, 'Sin conexión'))]])
      .put(actingCompanyChanged({ token: 'jwt-andes', rep: idle }))
      .call(notify, REP_MSG.outOfScope, 'warning')
      .call(navigateTo, REP_CUSTOMERS_PATH, { replace: true })
      .run());

  it('any other refusal (a role’s, a validation’s) leaves the representation alone', () => {
    testSaga(handleRepresentedCallRefused, representedCallRefused('No tiene permisos para esta acción')).next().isDone();
  });

  it('nothing to end when the rep represents no one any more', () => {
    testSaga(handleRepresentedCallRefused, representedCallRefused(REP_MSG.outOfScope)).next().select(selectRepSession).next(idle).isDone();
  });
});

describe('Mis clientes: the list', () => {
  it('asks the server for the page its state says, and keeps the answer’s notice', () => {
    const state = repsReducer(initialRepsState, repCustomersList.actions.filterTyped({ name: 'q', value: 'andes' }));
    const query = selectRepCustomersQuery({ reps: state, session: { token: 't', rep: idle } });
    expect(query).toMatchObject({ page: 0, pageSize: 20, sort: 'name', dir: 'asc', filters: { q: 'andes' } });
    const page: RepCustomerList = { rows: [], total: 0, page: 0, pageSize: 20, message: 'Su usuario de vendedor no está asociado a un vendedor del ERP' };
    return expectSaga(loadRepCustomers)
      .withReducer((s: { reps: RepsState; session: { token: string; rep: RepSessionInfo } } = { reps: state, session: { token: 't', rep: idle } }, action: UnknownAction) => ({ ...s, reps: repsReducer(s.reps, action) }))
      .provide([[matchers.call.fn(fetchRepCustomers), page]])
      .call(callWithTimeout, fetchRepCustomers, query)
      .run()
      .then(({ storeState }) => {
        expect(storeState.reps.list.status).toBe('loaded');
        expect(storeState.reps.notice).toBe(page.message);
      });
  });
});
