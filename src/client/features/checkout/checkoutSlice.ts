import { createSlice } from '@reduxjs/toolkit';

// The order summary and the reserve, credit-line and cheque flows. Filled by the checkout work.
export interface CheckoutState {
  status: 'idle' | 'running' | 'failed';
}

const initialState: CheckoutState = { status: 'idle' };

const checkoutSlice = createSlice({ name: 'checkout', initialState, reducers: {} });

export const checkoutReducer = checkoutSlice.reducer;
