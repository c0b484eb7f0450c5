import type { AnySchema, SchemaDescription } from '@shared/yup';

// Request schemas (the yup schemas of src/shared/schemas) described as JSON Schema, for the OpenAPI description
// (plugins/openapi.ts): types, required fields, allowed values. Validation itself stays with yup.

export type JsonSchema = Record<string, unknown>;

export const isYup = (schema: unknown): schema is AnySchema => !!schema && typeof schema === 'object' && '__isYupSchema__' in schema;

type Description = SchemaDescription & { fields?: Record<string, SchemaDescription>; innerType?: SchemaDescription; meta?: { oneOf?: unknown[] } };

/** A yup schema's description as JSON Schema. A `yup.lazy` is described by the schemas of its `meta({ oneOf })`. */
export function fromYupDescription(d: SchemaDescription): JsonSchema {
  const d2 = d as Description;
  const base: JsonSchema = {};
  if (d.oneOf?.length) base.enum = d.oneOf.filter((v) => v !== undefined);
  switch (d.type) {
    case 'object': {
      const fields = d2.fields ?? {};
      const required = Object.entries(fields).filter(([, f]) => !f.optional).map(([k]) => k);
      return { ...base, type: 'object', properties: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fromYupDescription(f)])), ...(required.length ? { required } : {}) };
    }
    case 'array':
      return { ...base, type: 'array', items: d2.innerType ? fromYupDescription(d2.innerType) : {} };
    case 'string':
    case 'number':
    case 'boolean':
      // a nullable field takes null too (OpenAPI 3.1: a list of types)
      return { ...base, type: d.nullable ? [d.type, 'null'] : d.type };
    case 'date':
      return { ...base, type: 'string', format: 'date-time' };
    case 'lazy': {
      const variants = (d2.meta?.oneOf ?? []).filter(isYup);
      return variants.length ? { oneOf: variants.map((v) => fromYup(v)) } : base;
    }
    default:
      return base;
  }
}

/** A yup schema as JSON Schema. */
export const fromYup = (schema: AnySchema): JsonSchema => fromYupDescription(schema.describe());

/** A file part of a multipart form. */
export const FILE_PART: JsonSchema = { type: 'string', format: 'binary' };

/**
 * The body of a multipart upload: the text fields of its yup schema plus its file fields (`required` lists the files
 * every upload must carry; most are optional because an update keeps the stored file).
 */
export function multipartForm(fields: AnySchema | null, files: readonly string[], requiredFiles: readonly string[] = []): JsonSchema {
  const text = fields ? fromYup(fields) : { type: 'object', properties: {} };
  const required = [...((text.required as string[] | undefined) ?? []), ...requiredFiles];
  return {
    type: 'object',
    properties: { ...(text.properties as JsonSchema), ...Object.fromEntries(files.map((f) => [f, FILE_PART])) },
    ...(required.length ? { required } : {}),
  };
}
