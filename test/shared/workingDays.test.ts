import { orderReferenceSchema } from '@shared/schemas/orderReference';
import { addDays, chileTodayIso, deliveryDateError, holidayName, isWorkingDay, nextWorkingDay, showDay } from '@shared/workingDays';

describe('working days in Chile', () => {
  it('are Monday to Friday without public holidays', () => {
    expect(isWorkingDay('2026-03-02')).toBe(true); // Monday
    expect(isWorkingDay('2026-03-07')).toBe(false); // Saturday
    expect(isWorkingDay('2026-03-08')).toBe(false); // Sunday
    expect(isWorkingDay('2026-09-18')).toBe(false); // Fiestas Patrias (Friday)
    expect(isWorkingDay('2026-04-03')).toBe(false); // Viernes Santo
    expect(isWorkingDay('2026-06-29')).toBe(false); // San Pedro y San Pablo (Monday)
    expect(isWorkingDay('2027-09-17')).toBe(false); // the extra Fiestas Patrias Friday
    expect(isWorkingDay('2026-02-30')).toBe(false);
    expect(holidayName('2026-05-21')).toBe('Día de las Glorias Navales');
  });

  it('the next working day skips weekends and holidays', () => {
    expect(nextWorkingDay('2026-09-17')).toBe('2026-09-17');
    expect(nextWorkingDay('2026-09-18')).toBe('2026-09-21'); // Friday holiday, Saturday 19 holiday too, Sunday
    expect(nextWorkingDay('2026-12-25')).toBe('2026-12-28');
  });

  it('adds days across months and years, and shows a day as dd-mm-yyyy', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(showDay('2026-03-10')).toBe('10-03-2026');
  });

  it("today is Santiago's today", () => {
    // 02:30 UTC on March 3rd is still March 2nd in Santiago (UTC−3)
    expect(chileTodayIso(new Date('2026-03-03T02:30:00Z'))).toBe('2026-03-02');
  });
});

describe('a requested delivery date', () => {
  const today = '2026-09-14'; // a Monday
  it.each([
    ['2026-09-14', null],
    ['2026-09-15', null],
    ['2026-09-13', 'La fecha de entrega no puede ser anterior a hoy'],
    ['2026-09-19', 'La fecha de entrega debe ser un día hábil (lunes a viernes)'],
    ['2026-09-18', 'El 18-09-2026 es feriado (Fiestas Patrias): elija un día hábil'],
    ['2026-12-11', null],
    ['2026-12-14', 'La fecha de entrega debe estar dentro de los próximos 90 días'],
    ['14-09-2026', 'Fecha de entrega inválida'],
  ])('%s: %p', (date, error) => {
    expect(deliveryDateError(date, today)).toBe(error);
  });

  it('is optional in the shared schema, and checked against the today it is given', async () => {
    await expect(orderReferenceSchema.validate({}, { context: { today } })).resolves.toEqual({ buyerReference: '', requestedDeliveryDate: '' });
    await expect(orderReferenceSchema.validate({ requestedDeliveryDate: '2026-09-19' }, { context: { today } })).rejects.toThrow('La fecha de entrega debe ser un día hábil (lunes a viernes)');
    await expect(orderReferenceSchema.validate({ buyerReference: '  OC #12/Ñuble-3  ' }, { context: { today } })).resolves.toMatchObject({ buyerReference: 'OC #12/Ñuble-3' });
  });
});
