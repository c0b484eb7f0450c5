import type { CompanyPeopleList, CompanyPersonAnswer } from '@shared/api/companyPeople';
import type { MessageResponse } from '@shared/api/types';
import type { SetPasswordForm } from '@shared/schemas/setPassword';
import type { PersonAddForm, PersonChangeForm } from '@shared/schemas/companyPeople';
import { http, type RequestOptions } from '@client/api/http';

// The calls of 'Mi empresa → Personas' and of the set-your-password page.

// every path written out, so the API description's check (test/server/openapi-client.test.ts) reads each call

export const fetchPeople = (options?: RequestOptions) => http.get<CompanyPeopleList>('/user/company/people', options);

export const addPerson = (body: PersonAddForm, options?: RequestOptions) => http.post<CompanyPersonAnswer>('/user/company/people', body, options);

export const changePerson = (id: number, body: PersonChangeForm, options?: RequestOptions) => http.put<CompanyPersonAnswer>(`/user/company/people/${id}`, body, options);

/** Deactivates (`active` false) or reactivates a person. */
export const setPersonActive = (id: number, active: boolean, options?: RequestOptions) =>
  active
    ? http.post<CompanyPersonAnswer>(`/user/company/people/${id}/reactivate`, {}, options)
    : http.post<CompanyPersonAnswer>(`/user/company/people/${id}/deactivate`, {}, options);

/** A new set-your-password link by mail. */
export const sendPasswordLink = (id: number, options?: RequestOptions) => http.post<CompanyPersonAnswer>(`/user/company/people/${id}/password-link`, {}, options);

export const setPasswordWithLink = (body: SetPasswordForm, options?: RequestOptions) => http.post<MessageResponse>('/security/set-password', body, options);
