// yup with Spanish messages: every schema of the portal (src/shared/schemas, the server's own) imports yup from here,
// never from 'yup' itself (lint enforces it). yup reads its locale when a rule is declared (`max(100)` takes the
// message current at that moment), so the locale is set here, before any module that declares a schema runs.
// A rule with its own message (the spec's texts) keeps it; these are the defaults for rules declared without one.
// They name no field: a form shows them under the field, and the server's answer names it in `fields`.
import { addMethod, setLocale, string, type LocaleObject, type Message } from 'yup';

/** What a value of each schema type must be, for the type error. */
const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  boolean: 'verdadero o falso',
  date: 'una fecha',
  array: 'una lista',
  object: 'un objeto',
  tuple: 'una lista',
};

/** The request itself (the root of a body) is not what the route takes: null, a list, a bare string or number. */
const BODY_SHAPE = 'El cuerpo de la solicitud debe ser un objeto JSON con los campos de la operación.';

/** A message for a field, or BODY_SHAPE when the value checked is the whole request (a root has no path). */
const fieldOrBody =
  (field: string): Message =>
  ({ originalPath }) =>
    originalPath ? field : BODY_SHAPE;

/** The portal's default messages (Spanish, Chile), for rules declared without a message of their own. */
const SPANISH_LOCALE = {
  mixed: {
    default: 'Valor inválido',
    required: fieldOrBody('Campo obligatorio'),
    defined: fieldOrBody('Campo obligatorio'),
    notNull: fieldOrBody('Campo obligatorio'),
    oneOf: ({ values }) => `Debe ser uno de estos valores: ${String(values)}`,
    notOneOf: 'Valor no permitido',
    notType: ({ originalPath, type }) => (originalPath ? `Debe ser ${TYPE_NAMES[type as string] ?? 'un valor válido'}` : BODY_SHAPE),
  },
  string: {
    length: ({ length }) => `Debe tener exactamente ${length} caracteres`,
    min: ({ min }) => `Debe tener al menos ${min} caracteres`,
    max: ({ max }) => `Debe tener como máximo ${max} caracteres`,
    matches: 'Formato inválido',
    email: 'Correo electrónico inválido',
    url: 'Dirección web inválida',
    uuid: 'Identificador inválido',
    datetime: 'Fecha y hora inválidas',
    datetime_offset: 'Fecha y hora inválidas: falta la zona horaria',
    datetime_precision: 'Fecha y hora inválidas',
    trim: 'No debe empezar ni terminar con espacios',
    lowercase: 'Debe estar en minúsculas',
    uppercase: 'Debe estar en mayúsculas',
  },
  number: {
    min: ({ min }) => `Debe ser mayor o igual a ${min}`,
    max: ({ max }) => `Debe ser menor o igual a ${max}`,
    lessThan: ({ less }) => `Debe ser menor que ${less}`,
    moreThan: ({ more }) => `Debe ser mayor que ${more}`,
    positive: 'Debe ser mayor que cero',
    negative: 'Debe ser menor que cero',
    integer: 'Debe ser un número entero',
  },
  date: {
    min: 'La fecha es anterior a la permitida',
    max: 'La fecha es posterior a la permitida',
  },
  boolean: {
    isValue: 'Valor inválido',
  },
  object: {
    noUnknown: 'Tiene campos no permitidos',
    exact: 'Tiene campos no permitidos',
  },
  array: {
    length: ({ length }) => `Debe tener exactamente ${length} elementos`,
    min: ({ min }) => `Debe tener al menos ${min} elementos`,
    max: ({ max }) => `Debe tener como máximo ${max} elementos`,
  },
  tuple: {
    notType: 'Debe ser una lista',
  },
} satisfies LocaleObject;

setLocale(SPANISH_LOCALE);

// yup's string transforms call the string's method on whatever arrives: an object or a list in a text field threw a
// TypeError, so the request got no field and no message. These leave anything but a string as it is, for the type
// check to name the field ('Debe ser un texto'); on strings they do what yup's own do.
const isAbsent = (value: unknown) => value === null || value === undefined;
addMethod(string, 'trim', function trim(message: Message = SPANISH_LOCALE.string.trim) {
  return this.transform((v: unknown) => (typeof v === 'string' ? v.trim() : v)).test({ message, name: 'trim', test: (v) => isAbsent(v) || v === v!.trim() });
});
addMethod(string, 'lowercase', function lowercase(message: Message = SPANISH_LOCALE.string.lowercase) {
  return this.transform((v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v)).test({ message, name: 'string_case', exclusive: true, skipAbsent: true, test: (v) => isAbsent(v) || v === v!.toLowerCase() });
});
addMethod(string, 'uppercase', function uppercase(message: Message = SPANISH_LOCALE.string.uppercase) {
  return this.transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v)).test({ message, name: 'string_case', exclusive: true, skipAbsent: true, test: (v) => isAbsent(v) || v === v!.toUpperCase() });
});

export * from 'yup';
