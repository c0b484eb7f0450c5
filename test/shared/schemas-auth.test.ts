import { changePasswordSchema, loginSchema } from '@shared/schemas/auth';

const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('login schema', () => {
  it('requires rut and password with the spec texts', async () => {
    expect(await errorsOf(loginSchema, {})).toEqual(['Rut de Empresa es requerido', 'La password es requerida']);
    expect(await errorsOf(loginSchema, { username: '76123456-0', password: 'x' })).toEqual([]);
  });
});

describe('change password schema', () => {
  const base = { username: '76123456-0', currentPassword: 'Demo1234', password: 'Nueva1234', confirmPassword: 'Nueva1234' };
  it('accepts a valid change', async () => {
    expect(await errorsOf(changePasswordSchema, base)).toEqual([]);
  });
  it.each([
    [{ currentPassword: '' }, 'Contraseña actual es requerida'],
    [{ password: '', confirmPassword: '' }, 'Debe indicar la nueva contraseña'],
    [{ password: 'Ab1', confirmPassword: 'Ab1' }, 'La nueva contraseña debe ser mínimo 8 caracteres'],
    [{ password: 'solominusculas', confirmPassword: 'solominusculas' }, 'La nueva contraseña debe contener Una letra Mayuscula y una Minuscula'],
    [{ password: 'SOLOMAYUSCULAS', confirmPassword: 'SOLOMAYUSCULAS' }, 'La nueva contraseña debe contener Una letra Mayuscula y una Minuscula'],
    [{ confirmPassword: '' }, 'Debe confirmar la contraseña'],
    [{ confirmPassword: 'Otra12345' }, 'La contraseña no coinciden'],
  ])('rejects %j with its message', async (change, message) => {
    expect(await errorsOf(changePasswordSchema, { ...base, ...change })).toContain(message);
  });
});
