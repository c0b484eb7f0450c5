import { API_SCHEMAS, type ApiSchemaName } from './apiSchemas';

// Response schemas of the routes: Fastify serializes a declared answer with fast-json-stringify, which sends only the
// declared properties (nothing a row or an ERP answer carries besides leaks out). The object shapes come from the
// types of src/shared/api (apiSchemas.ts, generated); `required` is only documented (x-required), so a missing
// optional value never turns into a 500.

type JsonSchema = Record<string, unknown>;

/** The schema of one answer type of src/shared/api. */
export const answer = (name: ApiSchemaName): JsonSchema => API_SCHEMAS[name] as unknown as JsonSchema;

/** A list of one answer type. */
export const listOf = (name: ApiSchemaName): JsonSchema => ({ type: 'array', items: answer(name) });

/** `{ message }`: the answer of most writes. */
export const MESSAGE = answer('MessageResponse');
