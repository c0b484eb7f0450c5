import type { SnackbarKey } from 'notistack';
import { attachToasts, dismissToasts, notify, recentToasts, whenToastWanted, type Toast } from '@client/app/notify';

// Toasts wait for notistack, then show in order; a success closes the error, warning and info toasts shown (or
// waiting) before it.

describe('notify', () => {
  let detach: (() => void) | undefined;
  afterEach(() => detach?.());

  it('a success toast closes the error and info toasts before it; later ones stay until the next success', () => {
    const shown: Toast[] = [];
    const closed: (SnackbarKey | undefined)[] = [];
    detach = attachToasts(
      (toast) => {
        shown.push(toast);
        return shown.length;
      },
      (key) => closed.push(key),
    );
    notify('Un producto excede es mayor al stock', 'error'); // key 1
    notify('Reserva no realizada', 'info'); // key 2: declined, then done by the success below
    notify('Un producto es menor a cero', 'error'); // key 3
    expect(closed).toEqual([]);
    notify('Producto(s) agregados!!', 'success'); // key 4
    expect(closed).toEqual([1, 2, 3]);
    notify('El ERP no responde', 'error'); // key 5
    notify('Producto(s) agregados!!', 'success');
    expect(closed).toEqual([1, 2, 3, 5]);
    expect(shown.map((t) => t.message)).toEqual([
      'Un producto excede es mayor al stock',
      'Reserva no realizada',
      'Un producto es menor a cero',
      'Producto(s) agregados!!',
      'El ERP no responde',
      'Producto(s) agregados!!',
    ]);
  });

  it('dismissing closes every toast on screen at once, and a later success has no old error left to close', () => {
    const closed: (SnackbarKey | undefined)[] = [];
    let keys = 0;
    detach = attachToasts(
      () => (keys += 1),
      (key) => closed.push(key),
    );
    notify('El ERP no responde', 'error'); // key 1
    notify('Aviso'); // key 2
    dismissToasts();
    expect(closed).toEqual([undefined]); // no key: all of them
    notify('Producto(s) agregados!!', 'success');
    expect(closed).toEqual([undefined]); // key 1 was closed with the rest
  });

  it('before notistack is there, a success drops the notices waiting before it; the rest show in order', () => {
    const wanted = jest.fn();
    const stop = whenToastWanted(wanted);
    notify('Un producto excede es mayor al stock', 'error');
    notify('Reserva no realizada', 'info');
    notify('Aviso');
    notify('Producto(s) agregados!!', 'success');
    notify('Otro error', 'error');
    expect(wanted).toHaveBeenCalled();
    const shown: Toast[] = [];
    detach = attachToasts((toast) => {
      shown.push(toast);
    });
    stop();
    expect(shown).toEqual([
      { message: 'Aviso', variant: 'default' },
      { message: 'Producto(s) agregados!!', variant: 'success' },
      { message: 'Otro error', variant: 'error' },
    ]);
  });

  it('carries the toasts of the last seconds to another page as the screen shows them: none a later success closed', () => {
    // the toasts earlier tests gave are older than the window from here on
    jest.useFakeTimers({ now: Date.now() + 60_000 });
    try {
      notify('Cambio no realizado', 'info');
      notify('El ERP no responde', 'error');
      notify('Contraseña actualizada, ingresa con tu nueva contraseña', 'success');
      notify('Revisa tu correo', 'default');
      expect(recentToasts()).toEqual([
        { message: 'Contraseña actualizada, ingresa con tu nueva contraseña', variant: 'success' },
        { message: 'Revisa tu correo', variant: 'default' },
      ]);
      // an error after the last success is carried
      notify('No se pudo enviar el correo', 'error');
      expect(recentToasts().map((t) => t.message)).toEqual(['Contraseña actualizada, ingresa con tu nueva contraseña', 'Revisa tu correo', 'No se pudo enviar el correo']);
      // and nothing older than the window
      jest.advanceTimersByTime(3_001);
      expect(recentToasts()).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
