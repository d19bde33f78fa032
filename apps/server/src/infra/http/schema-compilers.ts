import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (Ajv validators, fast-json-stringify serialisers) behind a process-wide cache: a
 * second app in the same process gets the functions the first compiled for the same schema, instead of compiling its
 * ~600 route schemas again. A production process builds one app, so there it changes nothing; the test suite builds
 * hundreds per process (issue 28, CI time: compiling was most of an app's start).
 *
 * A hit needs the same schema (structurally), the same shared schemas and the same compiler options, so it returns
 * what compiling would have. Misses compile as Fastify does: one Ajv per app and its shared schemas.
 */

/** Functions and patterns in options or schemas are told apart by identity (JSON would drop them). */
const ids = new WeakMap<object, number>();
let lastId = 0;
const idOf = (v: object) => {
  if (!ids.has(v)) ids.set(v, ++lastId);
  return ids.get(v)!;
};
const keyOf = (v: unknown) =>
  JSON.stringify(v, (_key, value: unknown) => (typeof value === 'function' || value instanceof RegExp ? `#${idOf(value)}` : value));

/**
 * A route schema's key, kept with the schema object: the apps of a test process register the same module-level schema
 * objects again and again, and stringifying each of ~600 on every build was a third of a built app's CPU once the
 * compiled functions came from the cache (issue 28). Like Ajv's own cache (by schema object), this assumes a schema
 * object is not changed after its route is registered; a schema built anew for each app is a new object and keyed anew.
 */
const schemaKeys = new WeakMap<object, string>();
const schemaKeyOf = (schema: unknown) => {
  if (typeof schema !== 'object' || schema === null) return keyOf(schema);
  let key = schemaKeys.get(schema);
  if (key === undefined) {
    key = keyOf(schema);
    schemaKeys.set(schema, key);
  }
  return key;
};

type Compile = (route: { schema: unknown; httpPart?: string }) => unknown;
type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * BULUT_TEST_LAZY_SCHEMAS=1, under vitest only: each schema is compiled on the first request that needs it instead of
 * when the app starts. Set for the real server processes that crash, restart and topology tests start (src/test/
 * server-process.ts), dozens a run: compiling all ~600 route schemas was about half of such a start's ~2.4 CPU-s, for
 * the handful of routes those tests call (issue 28). The apps tests build in-process still compile every schema at
 * start (once per process, cached), so the suite still proves that every route's schemas compile.
 */
const lazy = Boolean(process.env.VITEST) && process.env.BULUT_TEST_LAZY_SCHEMAS === '1';

/** A function that compiles on its first call and then behaves as the compiled one (its `errors` copied after each call). */
function deferred(compile: () => Compiled): Compiled {
  let fn: Compiled | null = null;
  const call: Compiled = (...args) => {
    fn ??= compile();
    const out = fn(...args);
    call.errors = fn.errors;
    return out;
  };
  // Fastify passes the parent object to validators that carry Ajv's `schemaEnv` (so Ajv may coerce a root value); every
  // validator compiled here is Ajv's. A serialiser ignores the extra argument.
  call.schemaEnv = {};
  return call;
}

/**
 * Compiled functions by compiler (shared schemas and options), part of the request and schema key: nested maps, so a
 * lookup hashes the schema's key string kept above (V8 keeps a string's hash) instead of a new concatenation with the
 * long shared-schemas prefix on every route of every build.
 */
type Cache = Map<string, Map<string, Map<string, unknown>>>;

function cached(cache: Cache, prefix: string, compile: () => Compile): Compile {
  let own: Compile | null = null;
  let byPart = cache.get(prefix);
  if (!byPart) cache.set(prefix, (byPart = new Map()));
  return (route) => {
    const part = route.httpPart ?? '';
    let bySchema = byPart.get(part);
    if (!bySchema) byPart.set(part, (bySchema = new Map()));
    const key = schemaKeyOf(route.schema);
    let fn = bySchema.get(key);
    if (fn === undefined) {
      fn = lazy ? deferred(() => (own ??= compile())(route) as Compiled) : (own ??= compile())(route);
      bySchema.set(key, fn);
    }
    return fn;
  };
}

const validators: Cache = new Map();
const serializers: Cache = new Map();

/**
 * Fastify treats a custom validator factory as foreign and stops lower-casing header schemas' property names (Node
 * gives header names in lower case): a header schema with an upper-case name would then never match, so it is refused.
 */
function assertLowerCaseHeaders(route: { schema: unknown; httpPart?: string; url?: string }) {
  if (route.httpPart !== 'headers') return;
  const props = (route.schema as { properties?: Record<string, unknown> } | null)?.properties ?? {};
  const upper = Object.keys(props).find((name) => name !== name.toLowerCase());
  if (upper) throw new Error(`header schema of ${route.url ?? 'a route'}: name the header in lower case (${upper})`);
}

export const schemaCompilers: { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } = {
  buildValidator: ((externalSchemas: unknown, options: unknown) => {
    const compile = cached(validators, keyOf([externalSchemas, options]), () => (AjvCompiler() as (e: unknown, o: unknown) => Compile)(externalSchemas, options));
    return (route: { schema: unknown; httpPart?: string; url?: string }) => {
      assertLowerCaseHeaders(route);
      return compile(route);
    };
  }) as unknown as ValidatorFactory,
  buildSerializer: ((externalSchemas: unknown, options: unknown) =>
    cached(serializers, keyOf([externalSchemas, options]), () => (SerializerSelector() as (e: unknown, o: unknown) => Compile)(externalSchemas, options))) as unknown as SerializerFactory,
};
