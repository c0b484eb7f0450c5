import type { CompanyPeopleList, CompanyPersonAnswer } from '@shared/api/companyPeople';
import type { MessageResponse } from '@shared/api/types';
import type { SetPasswordForm } from '@shared/schemas/setPassword';
import type { PersonAddForm, PersonChangeForm } from '@shared/schemas/companyPeople';
import { http, type RequestOptions } from '@client/api/http';

// The calls of 'Mi empresa → Personas' and of the set-your-password page.

const PEOPLE = '/user/company/people';

export const fetchPeople = (options?: RequestOptions) => http.get<CompanyPeopleList>(PEOPLE, options);

export const addPerson = (body: PersonAddForm, options?: RequestOptions) => http.post<CompanyPersonAnswer>(PEOPLE, body, options);

export const changePerson = (id: number, body: PersonChangeForm, options?: RequestOptions) => http.put<CompanyPersonAnswer>(`${PEOPLE}/${id}`, body, options);

/** Deactivates (`active` false) or reactivates a person. */
export const setPersonActive = (id: number, active: boolean, options?: RequestOptions) =>
  http.post<CompanyPersonAnswer>(`${PEOPLE}/${id}/${active ? 'reactivate' : 'deactivate'}`, {}, options);

/** A new set-your-password link by mail. */
export const sendPasswordLink = (id: number, options?: RequestOptions) => http.post<CompanyPersonAnswer>(`${PEOPLE}/${id}/password-link`, {}, options);

export const setPasswordWithLink = (body: SetPasswordForm, options?: RequestOptions) => http.post<MessageResponse>('/security/set-password', body, options);
