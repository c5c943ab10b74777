// TypeBox schemas → OpenAPI 3.1 schema objects, for the document src/http/openapi/document.ts
// builds from the route table.
//
// Owns: the two marks a route schema can carry for the document, and the conversion.
// - `named(name, schema)`: the schema is components.schemas[name]; every use of it becomes a
//   `$ref`. The mark is a plain key (`x-component`), so it survives the copies the framework
//   makes of route schemas; the conversion drops it. One name, one definition: a second, different
//   schema under a taken name is an error when the document is built.
// - `documentedAs(runtime, documented)`: a query value the handler parses itself (with its own
//   messages, e.g. the spec's `invalid date format`) is a bounded string to the framework; the
//   document shows what it must spell (an integer, a required value…).
// Conversion: Elysia's numeric-string unions (`t.Integer` in params, query and some response
// schemas) become the number they stand for; unions of literals become `enum`; `X | null`
// becomes `type: [X, "null"]`; TypeBox records become `additionalProperties`; file parts are
// `format: binary`. Pure: no I/O.
import { OptionalKind, type TSchema } from "@sinclair/typebox";

export type Json = Record<string, unknown>;

const COMPONENT = "x-component";
const DOCUMENTED = "x-documented-as";

export const isJsonObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Marks `schema` as components.schemas[name] (see header). */
export function named<T extends TSchema>(name: string, schema: T): T {
  (schema as Json)[COMPONENT] = name;
  return schema;
}

/** The component name of a (route) schema, if it has one. */
export const componentName = (schema: unknown): string | undefined =>
  isJsonObject(schema) && typeof schema[COMPONENT] === "string" ? schema[COMPONENT] : undefined;

export interface Documented {
  /** The schema the document shows instead of the runtime one. */
  readonly schema?: TSchema;
  /** Required in the document although the runtime schema lets the handler answer its absence. */
  readonly required?: boolean;
}

/** A query value the handler parses and checks itself, documented as `doc` (see header). */
export function documentedAs<T extends TSchema>(runtime: T, doc: Documented): T {
  (runtime as Json)[DOCUMENTED] = doc;
  return runtime;
}

export const documentedOf = (schema: unknown): Documented | undefined =>
  isJsonObject(schema) && isJsonObject(schema[DOCUMENTED])
    ? (schema[DOCUMENTED] as Documented)
    : undefined;

/** Whether a schema was wrapped in TypeBox's Optional (an optional request body). */
export const isOptional = (schema: unknown): boolean =>
  isJsonObject(schema) && OptionalKind in schema;

/** Keys of a converted schema's own (non-nested) content that are dropped. */
const DROPPED = new Set([COMPONENT, DOCUMENTED, "$id"]);
/** Keys whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "$defs", "dependentSchemas"]);
/** Keys whose value is one schema. */
const SCHEMA_VALUES = new Set([
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "not",
  "contains",
  "if",
  "then",
  "else",
  "propertyNames",
]);
/** Keys whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/** Where the named schemas met during conversion go (components.schemas). */
export interface ComponentSink {
  /** Records components.schemas[name] (converting `schema` once) and returns the reference. */
  ref(name: string, convert: () => Json): Json;
}

/** Elysia's `t.Integer` / `t.Numeric` / query booleans: [numeric string, number]. */
function numericStringUnion(schema: Json): Json | undefined {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) {
    return undefined;
  }
  const text = options.find(
    (o) =>
      isJsonObject(o) &&
      o.type === "string" &&
      (o.format === "integer" || o.format === "numeric" || o.format === "boolean"),
  );
  const value = options.find(
    (o) => isJsonObject(o) && (o.type === "integer" || o.type === "number" || o.type === "boolean"),
  );
  if (!text || !value) {
    return undefined;
  }
  const { anyOf: _anyOf, ...outer } = schema;
  return { ...outer, ...(value as Json) };
}

const isLiteral = (s: Json): boolean =>
  "const" in s && Object.keys(s).every((k) => k === "const" || k === "type");
const isNull = (s: Json): boolean => s.type === "null" && Object.keys(s).length === 1;

function convertUnion(schema: Json, sink: ComponentSink): Json {
  const { anyOf, ...outer } = schema;
  const members = (anyOf as unknown[]).map((m) => convert(m, sink));
  const objects = members.filter(isJsonObject);
  if (objects.length !== members.length) {
    return { ...outer, anyOf: members };
  }
  // Literals (and null) → enum.
  if (objects.every((m) => isLiteral(m) || isNull(m)) && objects.some(isLiteral)) {
    const types = [...new Set(objects.filter(isLiteral).map((m) => m.type))];
    const nullable = objects.some(isNull);
    if (types.length === 1 && typeof types[0] === "string") {
      return {
        ...outer,
        type: nullable ? [types[0], "null"] : types[0],
        enum: [...objects.filter(isLiteral).map((m) => m.const), ...(nullable ? [null] : [])],
      };
    }
  }
  // X | null with a plain X → type: [X, "null"].
  const nonNull = objects.filter((m) => !isNull(m));
  const only = nonNull[0];
  if (
    nonNull.length === 1 &&
    only !== undefined &&
    objects.length === 2 &&
    typeof only.type === "string" &&
    !("$ref" in only) &&
    !("enum" in only) &&
    !("const" in only)
  ) {
    return { ...outer, ...only, type: [only.type, "null"] };
  }
  return { ...outer, anyOf: members };
}

function convertBody(marked: Json, sink: ComponentSink): Json {
  const schema = Object.fromEntries(Object.entries(marked).filter(([key]) => !DROPPED.has(key)));
  const numeric = numericStringUnion(schema);
  if (numeric) {
    return convertBody(numeric, sink);
  }
  if (Array.isArray(schema.anyOf)) {
    return convertUnion(schema, sink);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "patternProperties" && isJsonObject(value)) {
      // TypeBox records (string keys): `^(.*)$` is any key.
      const entries = Object.entries(value);
      const [only] = entries;
      if (entries.length === 1 && only && only[0] === "^(.*)$") {
        out.additionalProperties = convert(only[1], sink);
      } else {
        out.patternProperties = Object.fromEntries(entries.map(([k, v]) => [k, convert(v, sink)]));
      }
    } else if (SCHEMA_MAPS.has(key) && isJsonObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, convert(child, sink)]),
      );
    } else if (SCHEMA_VALUES.has(key) && isJsonObject(value)) {
      out[key] = convert(value, sink);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((child) => convert(child, sink));
    } else {
      out[key] = value;
    }
  }
  // A file part (t.File): the default "File" is the framework's placeholder, not a value.
  if (out.format === "binary" && out.default === "File") {
    delete out.default;
  }
  return out;
}

/** The OpenAPI 3.1 schema of a TypeBox (or plain JSON) schema; named schemas become `$ref`s. */
export function convert(schema: unknown, sink: ComponentSink): unknown {
  if (!isJsonObject(schema)) {
    return schema;
  }
  const name = componentName(schema);
  if (name !== undefined) {
    return sink.ref(name, () => convertBody(schema, sink));
  }
  return convertBody(schema, sink);
}
