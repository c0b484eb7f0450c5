// Transbank's public integration test cards and what paying with each one gives.

export type TestCardId = 'visa' | 'mastercard' | 'debit';

export interface TestCard {
  id: TestCardId;
  brand: string;
  /** Digits only. */
  number: string;
  kind: 'credit' | 'debit';
  approved: boolean;
  /** The text of the card's radio button on the form. */
  label: string;
}

export const TEST_CARDS: Record<TestCardId, TestCard> = {
  visa: {
    id: 'visa', brand: 'VISA', number: '4051885600446623', kind: 'credit', approved: true,
    label: 'VISA crédito 4051 8856 0044 6623 (aprobada)',
  },
  mastercard: {
    id: 'mastercard', brand: 'MASTERCARD', number: '5186059559590568', kind: 'credit', approved: false,
    label: 'MASTERCARD crédito 5186 0595 5959 0568 (rechazada)',
  },
  debit: {
    id: 'debit', brand: 'Redcompra', number: '4051884239937763', kind: 'debit', approved: true,
    label: 'Redcompra débito 4051 8842 3993 7763 (aprobada)',
  },
};

export function isTestCardId(value: unknown): value is TestCardId {
  return value === 'visa' || value === 'mastercard' || value === 'debit';
}

/** The installment choices of the form: value (number of installments) and text. */
export const INSTALLMENT_OPTIONS: ReadonlyArray<{ value: number; label: string }> = [
  { value: 0, label: 'Sin cuotas' },
  { value: 2, label: '2 cuotas sin interés' },
  { value: 3, label: '3 cuotas sin interés' },
  { value: 6, label: '6 cuotas' },
  { value: 12, label: '12 cuotas' },
];

export interface PaymentType {
  payment_type_code: string;
  installments_number: number;
  installments_amount?: number;
}

/**
 * payment_type_code and installments for a card and a number of installments: debit is always VD;
 * credit with 0 or 1 installments is VN, 2 is S2 and 3 is SI (interest-free), more is VC (normal installments).
 */
export function paymentTypeFor(card: TestCard, installments: number, amount: number): PaymentType {
  if (card.kind === 'debit') return { payment_type_code: 'VD', installments_number: 0 };
  const n = Number.isInteger(installments) && installments > 1 ? Math.min(installments, 48) : 0;
  if (n === 0) return { payment_type_code: 'VN', installments_number: 0 };
  const code = n === 2 ? 'S2' : n === 3 ? 'SI' : 'VC';
  return { payment_type_code: code, installments_number: n, installments_amount: Math.ceil(amount / n) };
}
