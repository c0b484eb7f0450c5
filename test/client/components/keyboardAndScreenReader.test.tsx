import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik } from 'formik';
import { useState } from 'react';
import { notify } from '@client/app/notify';
import { trackFocus } from '@client/app/focusTracker';
import { ConfirmDialog } from '@client/components/ConfirmDialog';
import { FileButton } from '@client/components/FileButton';
import { firstFieldInError, useFocusFirstError } from '@client/components/focusFirstError';
import { cartCountLoaded } from '@client/features/cart/cartSlice';
import { renderLoginPage, renderWithProviders, sessionOf } from '../renderWithProviders';

// R-A11Y-1 in jsdom: where the focus goes (skip link, page changes, confirm dialogs), what is announced (toasts, the
// cart count) and the file button. The browser tests (test/e2e/a11y.e2e.ts) check the same in Chromium with axe-core.

const announcer = () => document.querySelector('[data-announcer]') as HTMLElement;

describe('focus', () => {
  it.each([
    ['the SPA', () => renderWithProviders({ route: '/session-expired' }).user, 'Sesión expirada'],
    ['the login page', () => renderLoginPage().user, 'Ingreso clientes'],
  ])("'Saltar al contenido' is the first Tab stop of %s and takes the focus to the page's heading", async (_page, renderPage, title) => {
    const user = renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1'); // focusable by script, not a Tab stop
  });

  it("a change of page puts the focus on the new page's heading, not on <body>", async () => {
    const { user, router } = renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { level: 1, name: 'Sesión expirada' });
    expect(document.activeElement).toBe(document.body); // the first load is left to the browser
    await user.click(within(screen.getByRole('navigation', { name: 'Menú principal' })).getByRole('link', { name: 'Solicitud creación de cliente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/user-creation-req'));
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
  });

  it("a first load that continues the login page's action (Acceder) puts the focus on the page's heading, once", async () => {
    sessionStorage.setItem('continuesAction', 'X');
    const first = renderWithProviders({ route: '/session-expired' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sesión expirada' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sessionStorage.getItem('continuesAction')).toBeNull();
    first.unmount();
    renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { level: 1, name: 'Sesión expirada' });
    expect(document.activeElement).toBe(document.body);
  });

  it('a confirmation starts on its safe choice; an information dialog on its only button', () => {
    const { unmount } = render(
      <ConfirmDialog open title="Deseas eliminar el usuario x?" positiveText="Eliminar" negativeText="No eliminar" onConfirm={jest.fn()} onDecline={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'No eliminar' })).toHaveFocus();
    unmount();
    render(<ConfirmDialog open title="Limite de Credito" positiveText="Aceptar" onConfirm={jest.fn()} onDecline={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
  });

  it('closing a confirmation gives the focus back to the button that opened it, even though it was disabled meanwhile', async () => {
    trackFocus();
    // a Delete button that waits (disabled) while its confirmation is open, as the admin lists' buttons do
    function DeleteWithConfirmation() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <button type="button" disabled={asking} onClick={() => setAsking(true)}>
            Eliminar ana
          </button>
          <ConfirmDialog open={asking} title="Deseas eliminar?" positiveText="Eliminar" negativeText="No eliminar" onConfirm={() => setAsking(false)} onDecline={() => setAsking(false)} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<DeleteWithConfirmation />);
    const opener = screen.getByRole('button', { name: 'Eliminar ana' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'No eliminar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'No eliminar' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('a refused submit (components/focusFirstError)', () => {
  // a long form: a radio group without aria-invalid, a text field, a file button beside its hidden input
  function LongForm({ validate }: { validate: (values: { kind: string; name: string }) => Record<string, string> }) {
    const formik = useFormik({ initialValues: { kind: '', name: '' }, validate, onSubmit: jest.fn() });
    const formRef = useFocusFirstError(formik);
    return (
      <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
        <label>
          <input type="radio" name="kind" value="a" onChange={formik.handleChange} /> A
        </label>
        <label>
          <input type="radio" name="kind" value="b" onChange={formik.handleChange} /> B
        </label>
        <label>
          Nombre
          <input name="name" value={formik.values.name} onChange={formik.handleChange} aria-invalid={Boolean(formik.submitCount && formik.errors.name)} />
        </label>
        <FileButton name="photo" accept=".png" inputLabel="Foto" invalid={Boolean(formik.submitCount)} onChoose={jest.fn()}>
          Foto
        </FileButton>
        <button type="submit">Guardar</button>
      </form>
    );
  }

  it('focuses the first field marked invalid in the order of the page; a valid submit moves nothing', async () => {
    const user = userEvent.setup();
    let errors: Record<string, string> = { name: 'El nombre es requerido' };
    render(<LongForm validate={() => errors} />);
    const save = screen.getByRole('button', { name: 'Guardar' });
    save.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus());

    errors = {};
    save.focus();
    await user.keyboard('{Enter}');
    await act(async () => undefined);
    expect(save).toHaveFocus();
  });

  it('a field in error without aria-invalid (a radio group) is found by its name; a hidden file input by its button', () => {
    render(<LongForm validate={() => ({})} />);
    const form = screen.getByRole('button', { name: 'Guardar' }).closest('form')!;
    // only the file input is marked invalid (submitCount 0 here): its button stands for it
    expect(firstFieldInError(form, { photo: 'x' })).toBe(screen.getByRole('button', { name: 'Foto' }));
    screen.getByLabelText('Foto', { selector: 'input' }).removeAttribute('aria-invalid');
    expect(firstFieldInError(form, { kind: 'Elija uno', name: 'x' })).toBe(screen.getByRole('radio', { name: 'A' }));
  });

  it('leaves the focus in a dialog that explains the refusal', async () => {
    const user = userEvent.setup();
    function WithDialog() {
      const [open, setOpen] = useState(false);
      const formik = useFormik({ initialValues: { name: '' }, validate: () => ({ name: 'El nombre es requerido' }), onSubmit: jest.fn() });
      const formRef = useFocusFirstError(formik);
      return (
        <form ref={formRef} noValidate onSubmit={(e) => { setOpen(true); formik.handleSubmit(e); }}>
          <input name="name" aria-label="Nombre" aria-invalid={Boolean(formik.submitCount)} onChange={formik.handleChange} />
          <button type="submit">Guardar</button>
          <ConfirmDialog open={open} title="Campo obligatorio" positiveText="Aceptar" onConfirm={() => setOpen(false)} onDecline={() => setOpen(false)} />
        </form>
      );
    }
    render(<WithDialog />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const accept = await screen.findByRole('button', { name: 'Aceptar' });
    await act(async () => undefined);
    expect(accept).toHaveFocus();
  });
});

describe('announcements', () => {
  it('a toast is said by the polite live region and has a Cerrar button', async () => {
    const { user } = renderWithProviders({ route: '/session-expired' });
    await screen.findByRole('heading', { level: 1, name: 'Sesión expirada' });
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
    act(() => notify('Producto(s) agregados!!', 'success'));
    await waitFor(() => expect(announcer()).toHaveTextContent('Aviso: Producto(s) agregados!!'));
    const toast = (await screen.findByText('Producto(s) agregados!!')).parentElement!;
    await user.click(within(toast).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText('Producto(s) agregados!!')).not.toBeInTheDocument());
  });

  it("the cart button's name holds its count, and a change of the count is said", async () => {
    const { store } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { name: 'Home' });
    const cart = await within(screen.getByRole('banner')).findByRole('button', { name: 'Carro de compras, 0 Productos' });
    act(() => {
      store.dispatch(cartCountLoaded(2));
    });
    expect(cart).toHaveAccessibleName('Carro de compras, 2 Productos');
    expect(cart).toHaveTextContent('2');
    await waitFor(() => expect(announcer()).toHaveTextContent('Carro de compras: 2 Productos'));
  });
});

describe('FileButton', () => {
  it('is one labelled button; the real input is not a Tab stop and brings the chosen file', async () => {
    const onChoose = jest.fn();
    const user = userEvent.setup();
    render(
      <>
        <FileButton name="chequePhoto" accept=".png" inputLabel="Adjuntar foto del cheque" describedBy="hint" onChoose={onChoose}>
          Adjuntar foto del cheque
        </FileButton>
        <p id="hint">jpg, jpeg o png</p>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Adjuntar foto del cheque' });
    expect(button).toHaveAccessibleDescription('jpg, jpeg o png');
    const input = screen.getByLabelText('Adjuntar foto del cheque', { selector: 'input' });
    expect(button).not.toContainElement(input); // not nested: one control
    expect(input).toHaveAttribute('tabindex', '-1');
    const opened = jest.fn();
    input.addEventListener('click', opened);
    await user.click(button);
    expect(opened).toHaveBeenCalled();
    await user.upload(input, new File(['x'], 'cheque.png', { type: 'image/png' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ name: 'cheque.png' }));
  });
});
