import { testSaga } from 'redux-saga-test-plan';
import { actingCompanyChanged } from '@client/app/events';
import { handleLoadProfile } from '@client/features/session/loginSagas';
import { loadMissingProfile } from '@client/features/session/sessionSagas';
import { loadPersistedState, storedFields } from '@client/app/persistence';
import { rootReducer, type RootState } from '@client/app/store';
import { navItems } from '@client/components/SideNav';
import { initialCartState } from '@client/features/cart/cartSlice';
import '@client/features/cart/cartFeature';
import { selectCompanyRole, selectMay } from '@client/features/session/companySelectors';
import { selectIsRep, selectRep, selectRepresenting, selectSession } from '@client/features/session/sessionSelectors';
import { sessionFrom, sessionReducer } from '@client/features/session/sessionSlice';
import type { RepSessionInfo } from '@shared/api/reps';
import { buyerProfile, sessionOf } from '../renderWithProviders';

// The session slice knows the rep (docs/sales-reps.md): what a rep may do follows `sessionMay` and whether they
// represent a customer; the rep survives a reload; a change of customer forgets the previous customer's data.

const andes = { cardCode: 'C76123456', rut: '76.123.456-0', name: 'Comercial Los Andes SpA' };
const idle: RepSessionInfo = { salesPersonCode: 1, scope: 'ASIGNADOS', name: 'Carolina Ibáñez Rojas', representing: null };
const representing: RepSessionInfo = { ...idle, representing: andes };
const rep = (info: RepSessionInfo) => sessionFrom({ token: 'jwt', id: 30, role: 'VENDEDOR', username: '13579246-2', company: null, rep: info });

describe('a rep’s session', () => {
  it('a rep acting for no customer may not browse or buy as anyone, and is no buyer', () => {
    const state = { session: rep(idle) };
    expect(selectIsRep(state)).toBe(true);
    expect(selectRep(state)).toEqual(idle);
    expect(selectRepresenting(state)).toBeNull();
    expect(state.session.isUser).toBe(false);
    expect(selectMay('browse')(state)).toBe(false);
    expect(selectMay('buy')(state)).toBe(false);
  });

  it('a representing rep may browse and buy, nothing else (people, approvals, invoices), and has no role in the company', () => {
    const state = { session: rep(representing) };
    expect(selectRepresenting(state)).toEqual(andes);
    expect(state.session.isUser).toBe(true);
    expect(selectCompanyRole(state)).toBeNull();
    expect(selectMay('browse')(state)).toBe(true);
    expect(selectMay('buy')(state)).toBe(true);
    expect(selectMay('people')(state)).toBe(false);
    expect(selectMay('approve')(state)).toBe(false);
    expect(selectMay('finance')(state)).toBe(false);
  });

  it('a buyer and an admin keep their rules', () => {
    expect(selectMay('people')({ session: sessionOf('USER') })).toBe(true);
    expect(selectMay('buy')({ session: sessionOf('USER', buyerProfile, 'FINANZAS') })).toBe(false);
    expect(selectMay('buy')({ session: sessionOf('ADMIN') })).toBe(false);
    expect(sessionOf('USER').rep).toBeNull();
  });

  it('a change of customer takes the new token and the rep’s state and drops the previous customer’s profile', () => {
    const before = { ...rep(representing), profile: buyerProfile };
    const after = sessionReducer(before, actingCompanyChanged({ token: 'jwt-idle', rep: idle }));
    expect(after).toMatchObject({ token: 'jwt-idle', rep: idle, isUser: false, isRep: true, profile: null, isAuthenticated: true });
    // a buyer's session never takes such a change
    expect(sessionReducer(sessionOf('USER'), actingCompanyChanged({ token: 'x', rep: representing }))).toEqual(sessionOf('USER'));
  });

  it('the rep survives a reload, as the company does', () => {
    const fields = storedFields({ session: rep(representing), kept: {} });
    expect(JSON.parse(fields.rep!)).toEqual(representing);
    const storage = new Map(Object.entries(fields));
    const loaded = loadPersistedState({ getItem: (key) => storage.get(key) ?? null, setItem: () => undefined, removeItem: () => undefined });
    expect(loaded.session).toMatchObject({ role: 'VENDEDOR', isRep: true, isUser: true, rep: representing });
  });

  it('every slice of company data loaded so far forgets the previous customer’s, as at logout', () => {
    const start = rootReducer(undefined, { type: '@@init' });
    const withCart: RootState = { ...start, session: rep(representing), cart: { ...initialCartState, items: [{ sku: 'POL-1001-M' } as never] } };
    const next = rootReducer(withCart, actingCompanyChanged({ token: 'jwt-2', rep: idle }));
    expect(next.cart).toEqual(initialCartState);
    expect(next.session.token).toBe('jwt-2');
  });
});

describe('the represented customer’s profile', () => {
  it('is loaded once a rep represents a customer (the session has none of it yet)', () => {
    testSaga(loadMissingProfile).next().select(selectSession).next(rep(representing)).call(handleLoadProfile, 30).next().isDone();
  });

  it('is not loaded for a rep acting for no one', () => {
    testSaga(loadMissingProfile).next().select(selectSession).next(rep(idle)).isDone();
  });
});

describe('the menu of a rep', () => {
  const paths = (isUser: boolean) => navItems({ loggedIn: true, isAdmin: false, isUser, isRep: true }).map((item) => item.to);

  it('acting for no customer: their customers, their orders and sending a customer a line sheet only', () => {
    expect(paths(false)).toEqual(['/rep/customers', '/rep/orders', '/rep/linesheet']);
  });

  it('representing: also the buyer’s entries a rep may use', () => {
    const items = paths(true);
    expect(items).toEqual(expect.arrayContaining(['/rep/customers', '/rep/orders', '/', '/user/catalog', '/user/quick-order', '/user/purchase-history', '/user/orders']));
    expect(items).not.toContain('/user/pending-payments');
    expect(items).not.toContain('/user/company/people');
    expect(items).not.toContain('/user/company/approvals');
  });
});
