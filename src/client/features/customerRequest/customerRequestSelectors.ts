import type { CustomerRequestState } from './customerRequestSlice';

/** The part of the store this feature reads (typed on its own slice, so it does not depend on the others). */
export interface CustomerRequestRootState {
  customerRequest: CustomerRequestState;
}

export const selectCustomerRequest = (state: CustomerRequestRootState) => state.customerRequest;
