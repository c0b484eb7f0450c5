import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@shared/roles';
import { renderWithProviders, sessionOf } from '../renderWithProviders';

// The steps the Usuarios screen tests share: render as a role, type into a field, read and choose a select's options.

export const asRole = (role: Role, route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf(role) } });

export type User = ReturnType<typeof renderWithProviders>['user'];

/** Types `value` at once (a paste): one change event instead of one per key. */
export const typeIn = async (user: User, label: string, value: string) => {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
};

export const replaceIn = async (user: User, label: string, value: string) => {
  await user.clear(screen.getByLabelText(label));
  await user.paste(value);
};

/** The options of a select, read from its open list and closed again. */
export const optionsOf = async (user: User, name: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return options;
};

export const choose = async (user: User, name: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
};
