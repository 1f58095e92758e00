import fc from 'fast-check';
import {
  MAX_PAYABLE_CENTS,
  MAX_STOCK_DELTA,
  MAX_WHOLE_NUMBER,
  PRICE_LIMIT,
} from '@tools-factory/contract';

/*
 * Requests for the property-based bad-input tests (bad-input.property.test.ts): values built from
 * the JSON Schemas of the OpenAPI document (the contract's zod schemas, as the routes declare
 * them), then mutated the ways clients and attackers send them. The values are data, printable in
 * a counterexample: what the test's world fills in (an order's id, the caller's e-mail), 100 KB
 * of text and 45,000 levels of nesting are markers, expanded only when the request is sent.
 *
 * Why not a generator of arbitraries from zod schemas: none is kept for zod 4 and fast-check 4
 * (zod-fast-check 0.10.1 needs zod 3 and fast-check below 4; json-schema-fast-check 0.0.6 is
 * built on fast-check 1). The schema walk below is the small part: the rest of this file is what
 * no schema says (the world's values by field name, numbers near the database's limits, hostile
 * values and the mutations).
 */

/** The part of JSON Schema the contract's schemas use, as the OpenAPI document holds them. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

/** What the world of the test fills in when the request is sent (made on first use). */
export const FIXTURE_NAMES = [
  'toolId',
  'toolName',
  'unpaidOrderId',
  'orderTotal',
  'intentOrderId',
  'clientSecret',
  'cardPaidOrderId',
  'transectionId',
  'paidOrderId',
  'requestedQuoteId',
  'offeredQuoteId',
  'offerPrice',
  'callerEmail',
  'callerPassword',
  'bystanderEmail',
  /** An address nobody uses: a new one for each request. */
  'freshEmail',
] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

const printable = (text: string) => ({ [fc.toStringMethod]: () => text });

/** A value of the world: `fixture(toolId)` in a counterexample. */
export class Fixture {
  readonly name: FixtureName;
  constructor(name: FixtureName) {
    this.name = name;
    Object.assign(this, printable(`fixture(${name})`));
  }
}

/** `count` times `unit`: 100 KB of text that a counterexample prints in a few characters. */
export class Filler {
  readonly unit: string;
  readonly count: number;
  constructor(unit: string, count: number) {
    this.unit = unit;
    this.count = count;
    Object.assign(this, printable(`filler(${JSON.stringify(unit)} x ${count})`));
  }
  get text(): string {
    return this.unit.repeat(this.count);
  }
}

/** Arrays or objects nested `depth` deep: written as text, never built (it would not fit a stack). */
export class Nested {
  readonly depth: number;
  readonly kind: 'array' | 'object';
  constructor(depth: number, kind: 'array' | 'object') {
    this.depth = depth;
    this.kind = kind;
    Object.assign(this, printable(`nested(${kind} x ${depth})`));
  }
  get text(): string {
    return this.kind === 'array'
      ? `${'['.repeat(this.depth)}${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}

/** JSON text written as it is: numbers JSON.stringify cannot write (1e999, -0, 2^53+1). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
    Object.assign(this, printable(`raw(${text})`));
  }
}

/** An object as the text will hold it: its keys in order, the same key twice when a test says. */
export class Entries {
  readonly entries: ReadonlyArray<readonly [string, Template]>;
  constructor(entries: ReadonlyArray<readonly [string, Template]>) {
    this.entries = entries;
    const members = () =>
      entries.map(([key, value]) => `${JSON.stringify(key)}: ${fc.stringify(value)}`);
    Object.assign(this, { [fc.toStringMethod]: () => `{ ${members().join(', ')} }` });
  }
  keys(): string[] {
    return [...new Set(this.entries.map(([key]) => key))];
  }
  without(key: string): Entries {
    return new Entries(this.entries.filter(([name]) => name !== key));
  }
  with(key: string, value: Template): Entries {
    return this.has(key)
      ? new Entries(this.entries.map(([name, old]) => [name, name === key ? value : old] as const))
      : new Entries([...this.entries, [key, value]]);
  }
  /** The key once more, before the others (the later value wins in JSON.parse) or after them. */
  withDuplicate(key: string, value: Template, first: boolean): Entries {
    const entry = [key, value] as const;
    return new Entries(first ? [entry, ...this.entries] : [...this.entries, entry]);
  }
  has(key: string): boolean {
    return this.entries.some(([name]) => name === key);
  }
  get(key: string): Template | undefined {
    return this.entries.find(([name]) => name === key)?.[1];
  }
}

export type Template =
  | null
  | boolean
  | number
  | string
  | Fixture
  | Filler
  | Nested
  | RawJson
  | Entries
  | Template[]
  | { readonly [key: string]: Template };

/** A path or query value: a template to percent-encode, or URL text sent exactly as written. */
export type UrlValue = { template: Template } | { raw: string };

export type BodyPlan = {
  /** Undefined: no body at all. */
  template: Template | undefined;
  contentType: string | undefined;
  /** A change to the JSON text itself, after it is written. */
  edit?: BodyEdit;
};

export type BodyEdit =
  | { kind: 'truncate'; keep: number }
  | { kind: 'prefix'; text: string }
  | { kind: 'suffix'; text: string }
  | { kind: 'invalid utf-8'; bytes: readonly number[] };

/** One request, before the world fills it in. */
export type RequestPlan = {
  path: Record<string, UrlValue>;
  query: Array<{ name: string; value: UrlValue }>;
  headers: Record<string, string>;
  body: BodyPlan | undefined;
  /** What was done to the request built from the schemas, in words. */
  mutations: string[];
};

export type OperationInputs = {
  path: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  headers: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema; undefined when the operation takes none. */
  body: JsonSchema | undefined;
};

/** The most a price may be: a cent below PRICE_LIMIT. */
const MAX_PRICE = (PRICE_LIMIT * 100 - 1) / 100;

/** Values at the edges of what the database stores: an int4, and the most money a field takes. */
const LIMIT_NUMBERS: Template[] = [
  MAX_WHOLE_NUMBER,
  MAX_WHOLE_NUMBER - 1,
  MAX_WHOLE_NUMBER + 1,
  -MAX_WHOLE_NUMBER - 1,
  MAX_PRICE,
  MAX_PAYABLE_CENTS,
  MAX_PAYABLE_CENTS + 1,
];

// --- values a field of this name is about --------------------------------------------------

const fixture = (name: FixtureName) => new Fixture(name);
const ID_FIXTURES: FixtureName[] = [
  'toolId',
  'unpaidOrderId',
  'intentOrderId',
  'cardPaidOrderId',
  'paidOrderId',
  'requestedQuoteId',
  'offeredQuoteId',
];

/**
 * Values that reach past "not found" into each route's rules: the world's ids and the caller's
 * e-mail by the field's name, wherever it appears (a new route's `orderId` gets order ids too).
 * The first is the likeliest to be let through, and is chosen most often.
 */
const FIELD_HINTS: Record<string, Template[]> = {
  toolId: [fixture('toolId')],
  orderId: [fixture('unpaidOrderId'), fixture('intentOrderId')],
  order: [fixture('cardPaidOrderId'), fixture('unpaidOrderId')],
  name: [fixture('toolName')],
  email: [fixture('callerEmail'), fixture('freshEmail'), fixture('bystanderEmail')],
  password: [fixture('callerPassword')],
  clientSecret: [fixture('clientSecret')],
  transectionId: [fixture('transectionId')],
  totalPrice: [fixture('orderTotal')],
  // The world's tools cost $19.99; a quote's offer is its own price; the last, the most a price
  // may be (sums of it pass an int4 of cents).
  price: [19.99, fixture('offerPrice'), '12.50', MAX_PRICE],
  // The world's tool holds nearly the largest whole number: quantities near it reach its sums.
  quantity: [25, '101', 5000, MAX_WHOLE_NUMBER - 1, MAX_WHOLE_NUMBER],
  // A stock movement's most, in and out: added to the world's tool, it passes an int4.
  delta: [MAX_STOCK_DELTA, -MAX_STOCK_DELTA, '5', MAX_WHOLE_NUMBER],
  phone: ['+44 114 496 0000', ''],
  rattings: [5, '3'],
  minOrderQuantity: [10, '10'],
  availableQuantity: [500, '0', MAX_WHOLE_NUMBER],
  minQuantity: [100, '50'],
  lowStockThreshold: [25, null],
  cardNumber: ['4242 4242 4242 4242', '4000 0000 0000 0002'],
  expiry: ['12 / 39', '01/20'],
  cvc: ['123'],
  neededBy: ['2099-12-31', '2000-01-01'],
  validUntil: ['2099-12-31'],
  img: ['/images/tools/claw-hammer.svg', 'https://example.com/a.png'],
  provider: ['google'],
  callbackURL: ['/', '/dashborad', 'https://evil.example.com/'],
  redirectTo: ['/reset-password'],
  errorCallbackURL: ['/login'],
  sort: ['name', 'price'],
};

/** A path's `{id}`: any of the world's ids, equally (a body's `id` is some other thing's). */
const PATH_ID_HINTS: Template[] = ID_FIXTURES.map(fixture);

/** Any JSON value, as a template. */
function jsonValues(maxDepth: number): fc.Arbitrary<Template> {
  const toTemplate = (value: fc.JsonValue): Template => {
    if (Array.isArray(value)) return value.map(toTemplate);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, toTemplate(item ?? null)]),
      );
    }
    return value;
  };
  return fc.jsonValue({ maxDepth }).map(toTemplate);
}

// --- what attackers send -------------------------------------------------------------------

/** Nesting around the parser's bound (32) and far past it. */
const NESTING_DEPTHS = [30, 31, 32, 33, 64, 45_000];

const HOSTILE_NUMBERS: Template[] = [
  ...LIMIT_NUMBERS,
  1e308,
  -1e308,
  -0,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  Number.MIN_VALUE,
  2 ** 31,
  -1,
  0,
  0.1 + 0.2,
  1e21,
  12.345,
];

const HOSTILE_RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '-0',
  '-0.0',
  '9007199254740993',
  '1e-400',
  '1E+2',
  '100000000000000000000000000001',
  '0.30000000000000004',
];

const SQL_TEXT = "'); DROP TABLE orders; --";
const HTML_TEXT = '<img src=x onerror="window.__pwned=1">';

const HOSTILE_TEXTS: Template[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e3',
  '0x10',
  ' 12 ',
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627',
  '🔨🧰👩‍🔧',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\u0085\u2028\u2029',
  SQL_TEXT,
  "' OR '1'='1",
  HTML_TEXT,
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  'null',
  'constructor',
  '__proto__',
];

const HOSTILE_SHAPES: Template[] = [null, true, false, [], {}, [1], ['a'], { a: 1 }];

/** 100 KB strings (and bigger in UTF-8), and NUL characters by the thousand. */
const BIG_TEXTS: Template[] = [
  new Filler('x', 100_000),
  new Filler('🔨', 50_000),
  new Filler('é', 60_000),
  new Filler('\u0000', 1_000),
  new Filler('a', 5_000),
];

const hostileValue: fc.Arbitrary<Template> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...HOSTILE_RAW_NUMBERS).map((text) => new RawJson(text)),
  },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SHAPES) },
  { weight: 1, arbitrary: fc.constantFrom(...BIG_TEXTS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...NESTING_DEPTHS),
        fc.constantFrom('array' as const, 'object' as const),
      )
      .map(([depth, kind]) => new Nested(depth, kind)),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: jsonValues(3) },
);

/** Keys a body should not have: the prototype's, the server's own columns, a NUL, nothing. */
const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'admin',
    'role',
    'id',
    '_id',
    'userId',
    'status',
    'availableQuantity',
    'emailVerified',
    '',
    'a\u0000b',
    '\uD800',
    '🔨',
  ),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }),
);

/** URL text sent as it is: escapes that decode to nothing valid, dot segments, a lone '%'. */
const RAW_URL_TEXTS = [
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  '%5C',
  'a%00b',
  '%E2%80%AE',
  '%F0%9F%94%A8',
];

const hostileUrlValue: fc.Arbitrary<UrlValue> = fc.oneof(
  { weight: 3, arbitrary: hostileValue.map((template) => ({ template })) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_TEXTS).map((raw) => ({ raw })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(800, 2_000, 100_000)
      .map((count) => ({ template: new Filler('a', count) })),
  },
);

/** Header text a client can send (printable ASCII): wrong, too long, or empty. */
const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'x', 'a'.repeat(101), 'a'.repeat(5_000), 'key with spaces', "'; --"),
  fc.string({ unit: 'grapheme-ascii', maxLength: 120 }),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/problem+json',
  '',
];

// --- values from a schema ------------------------------------------------------------------

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Numbers as the forms send them: whole, with cents, or as digits in a string. */
const numberish: fc.Arbitrary<Template> = fc.oneof(
  fc.integer({ min: 0, max: 1_000 }),
  fc.integer({ min: 1, max: 99_999 }).map((cents) => cents / 100),
  fc.integer({ min: 0, max: 1_000 }).map(String),
  fc.constantFrom(...LIMIT_NUMBERS),
);

function stringFrom(schema: JsonSchema): fc.Arbitrary<Template> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from: plain text, which the pattern will refuse.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  // Text that fits the bounds yet means trouble elsewhere: SQL, HTML, RTL, emoji, surrogates.
  const fitting = HOSTILE_TEXTS.filter(
    (text): text is string =>
      typeof text === 'string' &&
      text.trim().length >= minLength &&
      text.length <= (schema.maxLength ?? Infinity),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
    ...(fitting.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...fitting) }] : []),
  );
}

/** A value the schema describes (text within its bounds, numbers as sent), to be mutated. */
function valueFrom(schema: JsonSchema, field?: string): fc.Arbitrary<Template> {
  const plain = plainValueFrom(schema);
  const hints = field === undefined ? undefined : FIELD_HINTS[field];
  if (!hints) return plain;
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(hints[0] ?? null) },
    { weight: 2, arbitrary: fc.constantFrom(...hints) },
    { weight: 1, arbitrary: plain },
  );
}

function plainValueFrom(schema: JsonSchema): fc.Arbitrary<Template> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => valueFrom(choice)));
  if (schema.enum && schema.enum.length > 0) {
    return fc.constantFrom(...schema.enum.filter(isTemplate));
  }
  const types = typesOf(schema);
  if (types.includes('number') || types.includes('integer')) {
    const nullable = types.includes('null') ? [fc.constant(null)] : [];
    if (types.includes('string')) return fc.oneof(numberish, ...nullable);
    // Now and then a bound itself, or a number near the database's limits: sums of it with
    // what is stored already are what overflows.
    const bounds = [schema.minimum, schema.maximum].filter((bound) => bound !== undefined);
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000 }),
      },
      { weight: 1, arbitrary: fc.constantFrom(...bounds, ...LIMIT_NUMBERS) },
      ...nullable.map((arbitrary) => ({ weight: 1, arbitrary })),
    );
  }
  const [type] = types;
  switch (type) {
    case 'string':
      return stringFrom(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueFrom(schema.items) : jsonValues(1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      }) as fc.Arbitrary<Template>;
    case 'object':
      return objectFrom(schema);
    default:
      return jsonValues(2);
  }
}

function isTemplate(value: unknown): value is Template {
  return (
    value === null || ['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value)
  );
}

/** The required fields always, the optional ones now and then, in the schema's order. */
function objectFrom(schema: JsonSchema): fc.Arbitrary<Template> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return fc
    .tuple(
      ...properties.map(([name, property]) =>
        required.has(name)
          ? valueFrom(property, name).map((value) => [name, value] as const)
          : fc.option(
              valueFrom(property, name).map((value) => [name, value] as const),
              {
                nil: undefined,
              },
            ),
      ),
    )
    .map((entries) => new Entries(entries.filter((entry) => entry !== undefined)));
}

// --- mutations -----------------------------------------------------------------------------

type Mutation = (plan: RequestPlan) => fc.Arbitrary<RequestPlan>;

const noted = (plan: RequestPlan, change: Partial<RequestPlan>, words: string): RequestPlan => ({
  ...plan,
  ...change,
  mutations: [...plan.mutations, words],
});

/** Every place in a body where a value sits: `[]` the body itself, then keys and indexes. */
function placesIn(
  template: Template,
  at: Array<string | number> = [],
): Array<Array<string | number>> {
  const inner =
    template instanceof Entries
      ? template.keys().flatMap((key) => placesIn(template.get(key) ?? null, [...at, key]))
      : Array.isArray(template)
        ? template.flatMap((item, index) => placesIn(item, [...at, index]))
        : [];
  return [at, ...inner];
}

function replaceAt(
  template: Template,
  at: ReadonlyArray<string | number>,
  change: (old: Template) => Template | undefined,
): Template {
  const [step, ...rest] = at;
  if (step === undefined) return change(template) ?? null;
  if (template instanceof Entries && typeof step === 'string') {
    const old = template.get(step) ?? null;
    if (rest.length === 0) {
      const next = change(old);
      return next === undefined ? template.without(step) : template.with(step, next);
    }
    return template.with(step, replaceAt(old, rest, change));
  }
  if (Array.isArray(template) && typeof step === 'number') {
    const copy = [...template];
    const old = copy[step] ?? null;
    if (rest.length === 0) {
      const next = change(old);
      if (next === undefined) copy.splice(step, 1);
      else copy[step] = next;
    } else {
      copy[step] = replaceAt(old, rest, change);
    }
    return copy;
  }
  return template;
}

const placeName = (at: ReadonlyArray<string | number>) =>
  at.length === 0 ? 'the body' : at.join('.');

/** The body's fields: one set to something else (wrong type, huge, tiny, NUL, nested ...). */
const setBodyValue: Mutation = (plan) => {
  const body = plan.body;
  if (!body || body.template === undefined) return fc.constant(plan);
  const places = placesIn(body.template);
  return fc
    .tuple(fc.constantFrom(...places), hostileValue)
    .map(([at, value]) =>
      noted(
        plan,
        { body: { ...body, template: replaceAt(body.template ?? null, at, () => value) } },
        `${placeName(at)} set to something else`,
      ),
    );
};

const removeBodyField: Mutation = (plan) => {
  const body = plan.body;
  const places =
    body?.template === undefined ? [] : placesIn(body.template).filter((at) => at.length > 0);
  if (!body || places.length === 0) return fc.constant(plan);
  return fc
    .constantFrom(...places)
    .map((at) =>
      noted(
        plan,
        { body: { ...body, template: replaceAt(body.template ?? null, at, () => undefined) } },
        `${placeName(at)} left out`,
      ),
    );
};

const addBodyField: Mutation = (plan) => {
  const body = plan.body;
  if (!body || !(body.template instanceof Entries)) return fc.constant(plan);
  const template = body.template;
  return fc
    .tuple(hostileKey, hostileValue)
    .map(([key, value]) =>
      noted(
        plan,
        { body: { ...body, template: template.withDuplicate(key, value, false) } },
        `extra field ${JSON.stringify(key)}`,
      ),
    );
};

/** A key twice in the text: `{"quantity":"x", ..., "quantity":25}` or the other way round. */
const duplicateBodyKey: Mutation = (plan) => {
  const body = plan.body;
  if (!body || !(body.template instanceof Entries) || body.template.keys().length === 0) {
    return fc.constant(plan);
  }
  const template = body.template;
  return fc
    .tuple(fc.constantFrom(...template.keys()), hostileValue, fc.boolean())
    .map(([key, value, first]) =>
      noted(
        plan,
        { body: { ...body, template: template.withDuplicate(key, value, first) } },
        `${key} twice (${first ? 'bad value first' : 'bad value last'})`,
      ),
    );
};

const replaceBody: Mutation = (plan) =>
  fc
    .oneof(
      hostileValue.map((template): Template | undefined => template),
      fc.constant(undefined),
    )
    .map((template) =>
      noted(
        plan,
        { body: { template, contentType: plan.body?.contentType ?? 'application/json' } },
        template === undefined ? 'no body' : 'the whole body replaced',
      ),
    );

const editBodyText: Mutation = (plan) => {
  const body = plan.body ?? { template: new Entries([]), contentType: 'application/json' };
  const edit: fc.Arbitrary<BodyEdit> = fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }).map((keep) => ({ kind: 'truncate' as const, keep })),
    fc
      .constantFrom('\uFEFF', ' ', 'x', '{', '[', '\u0000', '/*', '\n\n')
      .map((text) => ({ kind: 'prefix' as const, text })),
    fc
      .constantFrom(',', '}', ']', 'x', ' {}', '\u0000', '//', '\n{"a":1}')
      .map((text) => ({ kind: 'suffix' as const, text })),
    fc
      .constantFrom(
        [0xff],
        [0xfe, 0xff],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xf4, 0x90, 0x80, 0x80],
      )
      .map((bytes) => ({ kind: 'invalid utf-8' as const, bytes })),
  );
  return edit.map((change) =>
    noted(plan, { body: { ...body, edit: change } }, `the JSON text: ${change.kind}`),
  );
};

const changeContentType: Mutation = (plan) => {
  const body = plan.body ?? { template: new Entries([]), contentType: undefined };
  return fc
    .oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant(undefined))
    .map((contentType) =>
      noted(plan, { body: { ...body, contentType } }, `content type ${String(contentType)}`),
    );
};

const setPathValue: Mutation = (plan) => {
  const names = Object.keys(plan.path);
  if (names.length === 0) return fc.constant(plan);
  return fc
    .tuple(fc.constantFrom(...names), hostileUrlValue)
    .map(([name, value]) =>
      noted(
        plan,
        { path: { ...plan.path, [name]: value } },
        `path {${name}} set to something else`,
      ),
    );
};

const setQueryValue: Mutation = (plan) => {
  if (plan.query.length === 0) return fc.constant(plan);
  return fc
    .tuple(fc.nat({ max: plan.query.length - 1 }), hostileUrlValue)
    .map(([index, value]) =>
      noted(
        plan,
        { query: plan.query.map((part, at) => (at === index ? { ...part, value } : part)) },
        `query ${plan.query[index]?.name ?? ''} set to something else`,
      ),
    );
};

const removeQueryValue: Mutation = (plan) => {
  if (plan.query.length === 0) return fc.constant(plan);
  return fc
    .nat({ max: plan.query.length - 1 })
    .map((index) =>
      noted(
        plan,
        { query: plan.query.filter((_part, at) => at !== index) },
        `query ${plan.query[index]?.name ?? ''} left out`,
      ),
    );
};

/** An extra parameter, or one of the route's twice (`?email=a&email=b`). */
const addQueryValue: Mutation = (plan) => {
  const names = plan.query.map((part) => part.name);
  return fc
    .tuple(
      names.length > 0 ? fc.oneof(hostileKey, fc.constantFrom(...names)) : hostileKey,
      hostileUrlValue,
    )
    .map(([name, value]) =>
      noted(
        plan,
        { query: [...plan.query, { name, value }] },
        `query ${JSON.stringify(name)} added`,
      ),
    );
};

const setHeaderValue: Mutation = (plan) => {
  const names = Object.keys(plan.headers);
  if (names.length === 0) return fc.constant(plan);
  return fc
    .tuple(fc.constantFrom(...names), hostileHeaderValue)
    .map(([name, value]) =>
      noted(
        plan,
        { headers: { ...plan.headers, [name]: value } },
        `header ${name} set to something else`,
      ),
    );
};

/** The mutations that can change something in a request of this operation. */
function mutationsFor(inputs: OperationInputs): Mutation[] {
  const mutations: Mutation[] = [addQueryValue, editBodyText, changeContentType, replaceBody];
  if (inputs.body) {
    // What a body's fields go through most: weighted by listing them again.
    mutations.push(setBodyValue, setBodyValue, setBodyValue, removeBodyField, addBodyField);
    mutations.push(duplicateBodyKey, duplicateBodyKey);
  }
  if (inputs.path.length > 0) mutations.push(setPathValue, setPathValue, setPathValue);
  if (inputs.query.length > 0) mutations.push(setQueryValue, setQueryValue, removeQueryValue);
  if (inputs.headers.length > 0) mutations.push(setHeaderValue);
  return mutations;
}

/** A request as the schemas describe it: every path parameter, the required query and more. */
function wellFormed(inputs: OperationInputs): fc.Arbitrary<RequestPlan> {
  const path = fc.record(
    Object.fromEntries(
      inputs.path.map(({ name, schema }) => [
        name,
        (name === 'id'
          ? fc.oneof(
              { weight: 6, arbitrary: fc.constantFrom(...PATH_ID_HINTS) },
              { weight: 1, arbitrary: valueFrom(schema) },
            )
          : valueFrom(schema, name)
        ).map((template): UrlValue => ({ template })),
      ]),
    ),
    { noNullPrototype: true },
  );
  const query = fc
    .tuple(
      ...inputs.query.map(({ name, schema, required }) => {
        const part = valueFrom(schema, name).map((template) => ({ name, value: { template } }));
        return required ? part : fc.option(part, { nil: undefined });
      }),
    )
    .map((parts) => parts.filter((part) => part !== undefined));
  const headers = fc
    .tuple(
      ...inputs.headers.map(({ name, schema }) =>
        fc.option(
          valueFrom(schema, name)
            .filter((value): value is string => typeof value === 'string')
            .map((value) => [name, value] as const),
          { nil: undefined },
        ),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== undefined)));
  const body: fc.Arbitrary<BodyPlan | undefined> = inputs.body
    ? valueFrom(inputs.body).map((template) => ({ template, contentType: 'application/json' }))
    : fc.constant(undefined);
  return fc
    .record({ path, query, headers, body }, { noNullPrototype: true })
    .map((parts) => ({ ...parts, mutations: [] }));
}

/**
 * Requests for an operation: built from its schemas, then changed one to three times by the
 * mutations that apply to it (one in four left as built, hostile text within bounds and all).
 */
export function badRequests(inputs: OperationInputs): fc.Arbitrary<RequestPlan> {
  const mutations = mutationsFor(inputs);
  return fc
    .tuple(
      wellFormed(inputs),
      // Now and then none: hostile text within the bounds must be stored as it is, or refused.
      fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        {
          weight: 3,
          arbitrary: fc.array(fc.constantFrom(...mutations), { minLength: 1, maxLength: 3 }),
        },
      ),
    )
    .chain(([plan, chosen]) =>
      chosen.reduce<fc.Arbitrary<RequestPlan>>(
        (next, mutate) => next.chain(mutate),
        fc.constant(plan),
      ),
    );
}

// --- writing the request -------------------------------------------------------------------

/** The fixtures a plan names, so that the world makes them before the request is written. */
export function fixturesIn(plan: RequestPlan): Set<FixtureName> {
  const found = new Set<FixtureName>();
  const visit = (template: Template | undefined): void => {
    if (template instanceof Fixture) found.add(template.name);
    else if (template instanceof Entries) template.entries.forEach(([, value]) => visit(value));
    else if (Array.isArray(template)) template.forEach(visit);
    else if (isPlainObject(template)) Object.values(template).forEach(visit);
  };
  for (const value of [...Object.values(plan.path), ...plan.query.map((part) => part.value)]) {
    if ('template' in value) visit(value.template);
  }
  visit(plan.body?.template);
  return found;
}

function isPlainObject(value: unknown): value is { readonly [key: string]: Template } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Fixture || value instanceof Filler || value instanceof Nested) &&
    !(value instanceof RawJson || value instanceof Entries)
  );
}

export type FixtureValues = Partial<Record<FixtureName, string | number>>;

/** JSON text of a template, the world's values filled in; nesting and raw numbers as written. */
function jsonText(template: Template, values: FixtureValues): string {
  if (template instanceof Fixture) return JSON.stringify(fixtureValue(template, values));
  if (template instanceof Filler) return JSON.stringify(template.text);
  if (template instanceof Nested || template instanceof RawJson) return template.text;
  if (template instanceof Entries) {
    const members = template.entries.map(
      ([key, value]) => `${JSON.stringify(key)}:${jsonText(value, values)}`,
    );
    return `{${members.join(',')}}`;
  }
  if (Array.isArray(template))
    return `[${template.map((item) => jsonText(item, values)).join(',')}]`;
  if (isPlainObject(template)) {
    const members = Object.entries(template).map(
      ([key, value]) => `${JSON.stringify(key)}:${jsonText(value, values)}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(template);
}

function fixtureValue(template: Fixture, values: FixtureValues): string | number {
  const value = values[template.name];
  if (value === undefined) throw new Error(`the world did not make ${template.name}`);
  return value;
}

/** A template as URL text: percent-encoded UTF-8 (a lone surrogate becomes U+FFFD, as browsers do). */
function urlText(value: UrlValue, values: FixtureValues): string {
  if ('raw' in value) return value.raw;
  const { template } = value;
  const text =
    template instanceof Fixture
      ? String(fixtureValue(template, values))
      : template instanceof Filler
        ? template.text
        : template instanceof Nested || template instanceof RawJson
          ? template.text
          : typeof template === 'string'
            ? template
            : jsonText(template, values);
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

export type WrittenRequest = {
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
};

/** The request a plan describes for the route `/api/tool/{id}`, with the world's values in. */
export function writeRequest(
  route: string,
  plan: RequestPlan,
  values: FixtureValues,
): WrittenRequest {
  const path = route.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = plan.path[name];
    return value === undefined ? '' : urlText(value, values);
  });
  const query = plan.query
    .map(({ name, value }) => `${urlText({ template: name }, values)}=${urlText(value, values)}`)
    .join('&');
  const headers: Record<string, string> = { ...plan.headers };
  const body = plan.body;
  if (body?.contentType !== undefined && body.template !== undefined) {
    headers['content-type'] = body.contentType;
  }
  return {
    url: query ? `${path}?${query}` : path,
    headers,
    payload: body?.template === undefined ? undefined : bodyPayload(body, body.template, values),
  };
}

function bodyPayload(body: BodyPlan, template: Template, values: FixtureValues): string | Buffer {
  const text = jsonText(template, values);
  const edit = body.edit;
  if (!edit) return text;
  switch (edit.kind) {
    case 'truncate':
      return text.slice(0, Math.floor(text.length * edit.keep));
    case 'prefix':
      return `${edit.text}${text}`;
    case 'suffix':
      return `${text}${edit.text}`;
    case 'invalid utf-8': {
      // Inside the first string of the text (a key, usually), or at the end when it has none.
      const at = text.indexOf('"') + 1 || text.length;
      return Buffer.concat([
        Buffer.from(text.slice(0, at)),
        Buffer.from(edit.bytes),
        Buffer.from(text.slice(at)),
      ]);
    }
  }
}
