import type { CompanyState } from './companySlice';

/** The part of the store this feature reads (typed on its own slice, so it does not depend on the others). */
export interface CompanyRootState {
  company: CompanyState;
}

export const selectPeople = (state: CompanyRootState) => state.company.people;
export const selectPersonDialog = (state: CompanyRootState) => state.company.dialog;
export const selectPersonSave = (state: CompanyRootState) => state.company.save;
export const selectPersonActivation = (state: CompanyRootState) => state.company.activation;
export const selectSetPassword = (state: CompanyRootState) => state.company.setPassword;
