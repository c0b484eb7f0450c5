import { HttpError } from '@client/api/http';
import { MSG } from '@shared/messages';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey, outcomeUnknown, withIdempotencyKey } from '@client/api/idempotency';
import { SERVER_MSG } from '@server/messages';

// What the server takes as a key: 1 to 200 of letters, digits and . _ : -
const VALID = /^[A-Za-z0-9._:-]{1,200}$/;

describe('Idempotency-Key', () => {
  it('a new random key each time, one the server takes', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(VALID);
  });

  it('without crypto.randomUUID (a page over plain http): a UUID v4 from getRandomValues', () => {
    const crypto = globalThis.crypto as { randomUUID?: unknown };
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete crypto.randomUUID;
    }
  });

  it('the header of a call', () => {
    expect(withIdempotencyKey('k-1')).toEqual({ headers: { 'Idempotency-Key': 'k-1' } });
    expect(IDEMPOTENCY_KEY_HEADER).toBe('Idempotency-Key');
  });

  it('unknown outcome: no answer, a server failure, or the first request still running; any other answer is definitive', () => {
    expect(outcomeUnknown(new HttpError(0, 'problema de conexión'))).toBe(true);
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
    expect(outcomeUnknown(new HttpError(500, 'Internal server error'))).toBe(true);
    expect(outcomeUnknown(new HttpError(503, 'ERP no disponible'))).toBe(true);
    // the first request with the key still runs on the server
    expect(outcomeUnknown(new HttpError(409, MSG.idempotencyInProgress))).toBe(true);
    expect(outcomeUnknown(new HttpError(409, 'El carro está vacío: agregue productos antes de continuar'))).toBe(false);
    expect(outcomeUnknown(new HttpError(409, SERVER_MSG.cartChanged))).toBe(false);
    expect(outcomeUnknown(new HttpError(422, 'La clave Idempotency-Key ya se usó con otra solicitud: use una clave nueva'))).toBe(false);
    expect(outcomeUnknown(new HttpError(400, 'Hay datos inválidos en la solicitud'))).toBe(false);
  });
});
