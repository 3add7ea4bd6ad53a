import { apiCompare, type Diff } from 'api-smart-diff';

/**
 * What a change of the API's OpenAPI document (docs/openapi.json, issue 32) does to its clients:
 * additive changes are free, a breaking one is deliberate (docs/api.md, Compatibility).
 *
 * api-smart-diff classifies each difference between two documents (breaking, non-breaking,
 * annotation, deprecated, unclassified); `compareContracts` prepares both documents so it sees
 * every call's whole contract, keeps its classification except where the rules below say why
 * it is wrong for this API, and names each change in one line (`GET /wps/x: query parameter
 * "lang" removed`). `formatChanges` prints them, breaking ones first; the committed
 * acknowledgements (docs/api-breaking-changes.md) let a deliberate breaking change through.
 */

export type ChangeClass =
  'breaking' | 'unclassified' | 'non-breaking' | 'deprecated' | 'annotation';

export interface ContractChange {
  class: ChangeClass;
  /** `METHOD /path: what changed`, or `document: …` outside the calls. */
  line: string;
  /** Where in the (prepared) document, as api-smart-diff gives it. */
  path: (string | number)[];
  /** Set when this API's rule replaced api-smart-diff's class: what it said, and why not. */
  overridden?: string;
}

/** The committed file where a deliberate breaking change is acknowledged with its reason. */
export const ACKNOWLEDGEMENTS_PATH = 'docs/api-breaking-changes.md';

/** A sealed call's payload (`x-sealed-payload`) compared as a request body of this type. */
const SEALED_MEDIA_TYPE = 'application/x-sealed-payload';
/** Schema keywords that only describe: a schema with no other holds any value. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/** A schema that holds any value (`{}`, or one that only describes). */
function unconstrained(schema: unknown): boolean {
  return (
    isObject(schema) &&
    Object.keys(schema).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'))
  );
}

/** Schema keywords that only constrain: a schema gaining one holds fewer values. */
const CONSTRAINTS = new Set([
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'not',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const ORDER: ChangeClass[] = [
  'breaking',
  'unclassified',
  'non-breaking',
  'deprecated',
  'annotation',
];
/** Classes a reviewer must acknowledge: breaking, and what cannot be shown not to be. */
const MUST_ACKNOWLEDGE = new Set<ChangeClass>(['breaking', 'unclassified']);

type Json = Record<string, unknown>;
type Segment = string | number;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changes from `before` to `after` (two OpenAPI 3.x documents), breaking ones first. */
export function compareContracts(before: unknown, after: unknown): ContractChange[] {
  const sides = { before: prepare(before), after: prepare(after) };
  const { diffs } = apiCompare(...changedOnly(sides.before, sides.after));
  const described: (ContractChange & { fold?: string; folds?: string })[] = [];
  for (const diff of diffs) {
    // Schemas under components are compared where the calls use them (inlined by prepare):
    // a component no call uses is no part of any call's contract.
    if (diff.path[0] === 'components' && diff.path[1] !== 'securitySchemes') continue;
    const where = locate(diff, sides.before, sides.after);
    const ours = ourClass(diff, where, sides);
    const { line, fold, folds } = describe(diff, where);
    described.push({
      class: ours?.class ?? diff.type,
      line,
      path: diff.path,
      ...(ours ? { overridden: `api-smart-diff: ${diff.type}; ${ours.why}` } : {}),
      ...(fold ? { fold } : {}),
      ...(folds ? { folds } : {}),
    });
  }
  // A property added (removed) with its `required` entry is one change: the property's line
  // says "(required)" and takes the more severe class of the two.
  const properties = new Map(described.filter((c) => c.folds).map((c) => [c.folds!, c]));
  const kept = described.filter((change) => {
    const owner = change.fold ? properties.get(change.fold) : undefined;
    if (!owner) return true;
    if (/ added$/.test(owner.line)) owner.line += ' (required)';
    owner.class = severer(owner.class, change.class);
    return false;
  });
  const byLine = new Map<string, ContractChange>();
  for (const { class: kind, line, path, overridden } of kept) {
    const known = byLine.get(line);
    if (known) known.class = severer(known.class, kind);
    else byLine.set(line, { class: kind, line, path, ...(overridden ? { overridden } : {}) });
  }
  return [...byLine.values()].sort(
    (a, b) => ORDER.indexOf(a.class) - ORDER.indexOf(b.class) || compare(a.line, b.line),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function severer(a: ChangeClass, b: ChangeClass): ChangeClass {
  return ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b;
}

// ---------------------------------------------------------------------------------------------
// Preparing a document

/**
 * A copy of the document api-smart-diff can read as the calls' contracts: every local `$ref`
 * inlined (its own ref handling reports a response that moves from `$ref` to an inline or
 * `allOf` schema as unclassified structure, not as the properties that changed), and a sealed
 * call's `x-sealed-payload` — which it reads as an unknown extension, unclassified — moved into
 * the request body as a media type of its own, so the payload a client seals is held to the
 * request rules like any body.
 */
function prepare(document: unknown): Json {
  if (!isObject(document)) return {};
  // The calls inlined; the components stay as they are, for the `$ref`s a cycle leaves.
  const inlined: Json = {
    ...structuredClone(document),
    paths: mergeAllOf(inline(document.paths, document, [])),
  };
  for (const item of Object.values(isObject(inlined.paths) ? inlined.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !isObject(operation) || !('x-sealed-payload' in operation)) {
        continue;
      }
      const body = isObject(operation.requestBody) ? operation.requestBody : {};
      const content = isObject(body.content) ? body.content : {};
      content[SEALED_MEDIA_TYPE] = { schema: operation['x-sealed-payload'] };
      operation.requestBody = { ...body, content };
      delete operation['x-sealed-payload'];
    }
  }
  return inlined;
}

function inline(
  node: unknown,
  root: Json,
  stack: string[],
  done = new Map<string, unknown>(),
): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, root, stack, done));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/') && !stack.includes(ref)) {
    const target = pointer(root, ref);
    if (target !== undefined) {
      const { $ref: _ref, ...siblings } = node;
      // Shared between the places that use it (read-only here; copied before comparing).
      const resolved = done.get(ref) ?? inline(target, root, [...stack, ref], done);
      if (!JSON.stringify(resolved).includes('"$ref"')) done.set(ref, resolved);
      return Object.keys(siblings).length === 0
        ? resolved
        : { allOf: [resolved, inline(siblings, root, stack, done)] };
    }
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inline(value, root, stack, done)]),
  );
}

/**
 * Schemas simplified to what they mean: `allOf` merged into one schema where its parts agree
 * (properties merged, `required` joined), as api-smart-diff does before comparing — done here
 * too so that a difference's path can be looked up in the prepared document (parts that
 * disagree are left to api-smart-diff); and an `anyOf` listing the same schema twice listed
 * once, and unwrapped when one is left — else `{ anyOf: [A, A] }` where `A` was reads as an
 * alternative added.
 */
function mergeAllOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergeAllOf);
  if (!isObject(node)) return node;
  const merged = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, mergeAllOf(value)]),
  );
  if (Array.isArray(merged.anyOf)) {
    const texts = merged.anyOf.map((schema) => JSON.stringify(schema));
    const alternatives = merged.anyOf.filter((_, index) => texts.indexOf(texts[index]!) === index);
    const { anyOf: _anyOf, ...own } = merged;
    const single = alternatives.length === 1 && isObject(alternatives[0]);
    const unwrapped = single ? mergeSchemas(own, alternatives[0] as Json) : null;
    if (unwrapped) return mergeAllOf(unwrapped);
    merged.anyOf = alternatives;
  }
  const parts = merged.allOf;
  if (!Array.isArray(parts) || !parts.every(isObject)) return merged;
  const { allOf: _allOf, ...own } = merged;
  let result: Json | null = own;
  for (const part of parts) result = result && mergeSchemas(result, part);
  return result ?? merged;
}

function mergeSchemas(a: Json, b: Json): Json | null {
  const result: Json = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in result)) result[key] = value;
    else if (key === 'required' && Array.isArray(value) && Array.isArray(result.required)) {
      result.required = [...new Set([...(result.required as unknown[]), ...value])];
    } else if (key === 'properties' && isObject(value) && isObject(result.properties)) {
      const properties: Json = { ...result.properties };
      for (const [name, schema] of Object.entries(value)) {
        const mine = properties[name];
        if (!isObject(mine) || !isObject(schema)) properties[name] = schema;
        else {
          const both = mergeSchemas(mine, schema);
          if (!both) return null;
          properties[name] = both;
        }
      }
      result.properties = properties;
    } else if (JSON.stringify(result[key]) !== JSON.stringify(value)) return null;
  }
  return result;
}

/**
 * Copies of both prepared documents with only what differs: the calls both hold unchanged are
 * left out (api-smart-diff takes seconds to crawl every call of a whole inlined document, and
 * an unchanged call has nothing to say), and so are the component sections already inlined
 * into the calls. Copies, because api-smart-diff writes its transformations into its input and
 * the prepared documents are looked up afterwards.
 */
function changedOnly(before: Json, after: Json): [Json, Json] {
  const copy = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;
  const rest = ({ paths: _paths, components: _components, ...other }: Json): Json => ({
    ...copy(other),
    paths: {},
  });
  const copies: [Json, Json] = [rest(before), rest(after)];
  const paths = [before.paths, after.paths].map((p) => (isObject(p) ? p : {})) as [Json, Json];
  for (const path of new Set([...Object.keys(paths[0]), ...Object.keys(paths[1])])) {
    const items = [paths[0][path], paths[1][path]];
    if (JSON.stringify(items[0]) === JSON.stringify(items[1])) continue;
    for (const [side, item] of items.entries()) {
      if (!isObject(item)) continue;
      const other = items[1 - side];
      const kept = Object.entries(item).filter(
        ([key, value]) => !isObject(other) || JSON.stringify(value) !== JSON.stringify(other[key]),
      );
      (copies[side]!.paths as Json)[path] = copy(Object.fromEntries(kept));
    }
  }
  for (const [side, document] of [before, after].entries()) {
    if (!isObject(document.components)) continue;
    // The security schemes, and the components a `$ref` left by a cycle still points into.
    const components: Json = { securitySchemes: document.components.securitySchemes ?? {} };
    const pending = [...JSON.stringify(copies[side]!.paths).matchAll(/"\$ref":"(#\/[^"]+)"/g)];
    const kept = new Set<string>();
    while (pending.length > 0) {
      const ref = pending.pop()![1]!;
      const parts = ref.slice(2).split('/');
      if (kept.has(ref) || parts[0] !== 'components' || parts.length !== 3) continue;
      kept.add(ref);
      const target = pointer(document, ref);
      const section = (components[parts[1]!] ??= {}) as Json;
      section[parts[2]!] = copy(target);
      pending.push(...JSON.stringify(target).matchAll(/"\$ref":"(#\/[^"]+)"/g));
    }
    copies[side]!.components = components;
  }
  return copies;
}

function pointer(root: Json, ref: string): unknown {
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

// ---------------------------------------------------------------------------------------------
// Where a difference is

interface Where {
  /** `GET /wps/x`, or null outside the calls. */
  operation: string | null;
  /** What in the call: `query parameter "lang"`, `request body`, `response 200`, … */
  subject: string;
  side: 'request' | 'response' | 'other';
  /** The path below the subject's schema, when the difference is inside one. */
  schema?: Segment[];
  /** The document path of that schema, to look it up on either side. */
  schemaAt?: Segment[];
  /** The path below the call when the difference is not in a schema. */
  rest: Segment[];
}

function locate(diff: Diff, before: Json, after: Json): Where {
  const path = diff.path;
  if (path[0] !== 'paths' || path.length < 3 || !METHODS.has(String(path[2]))) {
    return {
      operation: path[0] === 'paths' && path.length >= 2 ? String(path[1]) : null,
      subject: '',
      side: 'other',
      rest: path[0] === 'paths' ? path.slice(2) : path,
    };
  }
  const operation = `${String(path[2]).toUpperCase()} ${String(path[1])}`;
  const rest = path.slice(3);
  if (rest[0] === 'parameters' && typeof rest[1] === 'number') {
    // The parameter itself added or removed is the diff's value; a change inside one is at
    // its index in the before document.
    const parameter =
      rest.length === 2
        ? (diff.after ?? diff.before)
        : at(before, [...path.slice(0, 3), 'parameters', rest[1]]);
    const subject = isObject(parameter)
      ? `${String(parameter.in)} parameter "${String(parameter.name)}"`
      : `parameter #${rest[1]}`;
    return rest[2] === 'schema'
      ? {
          operation,
          subject,
          side: 'request',
          schema: rest.slice(3),
          schemaAt: path.slice(0, 6),
          rest: [],
        }
      : { operation, subject, side: 'request', rest: rest.slice(2) };
  }
  if (rest[0] === 'requestBody') {
    const mediaType = rest[2] === undefined ? undefined : String(rest[2]);
    const subject =
      mediaType === SEALED_MEDIA_TYPE
        ? 'sealed payload'
        : mediaType === undefined || mediaType === 'application/json'
          ? 'request body'
          : `request body (${mediaType})`;
    return rest[1] === 'content' && rest[3] === 'schema'
      ? {
          operation,
          subject,
          side: 'request',
          schema: rest.slice(4),
          schemaAt: path.slice(0, 7),
          rest: [],
        }
      : { operation, subject, side: 'request', rest: rest.slice(1) };
  }
  if (rest[0] === 'responses' && rest[1] !== undefined) {
    // api-smart-diff matches status codes case-insensitively and names them in lower case.
    const code = String(rest[1]);
    const codes = [before, after].flatMap((document) => {
      const responses = at(document, [...path.slice(0, 3), 'responses']);
      return isObject(responses) ? Object.keys(responses) : [];
    });
    const status = codes.find((key) => key.toLowerCase() === code.toLowerCase()) ?? code;
    const mediaType = rest[3] === undefined ? undefined : String(rest[3]);
    const subject =
      mediaType === undefined || mediaType === 'application/json'
        ? `response ${status}`
        : `response ${status} (${mediaType})`;
    return rest[2] === 'content' && rest[4] === 'schema'
      ? {
          operation,
          subject,
          side: 'response',
          schema: rest.slice(5),
          schemaAt: path.slice(0, 8),
          rest: [],
        }
      : { operation, subject, side: 'response', rest: rest.slice(2) };
  }
  return { operation, subject: '', side: 'other', rest };
}

/** The node at a document path of `where`'s side, finding a parameter by its place and name. */
function at(document: Json, path: Segment[], from?: Json): unknown {
  let node: unknown = document;
  let other: unknown = from;
  for (const [index, key] of path.entries()) {
    if (from && path[index - 1] === 'parameters' && typeof key === 'number') {
      // Parameters are matched by `in` and name, not by their index, on the other side.
      const wanted = Array.isArray(other) ? other[key] : undefined;
      node = Array.isArray(node)
        ? node.find(
            (parameter) =>
              isObject(parameter) &&
              isObject(wanted) &&
              parameter.in === wanted.in &&
              parameter.name === wanted.name,
          )
        : undefined;
      other = wanted;
      continue;
    }
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    other = Array.isArray(other) ? other[Number(key)] : isObject(other) ? other[key] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * The schema object holding the keyword a difference is in (`…/properties/kind` for
 * `…/properties/kind/enum/1`; the object for `…/properties/to`), on one side.
 */
function schemaNode(
  sides: { before: Json; after: Json },
  where: Where,
  side: 'before' | 'after',
  depth = 2,
) {
  if (!where.schemaAt || !where.schema || where.schema.length < depth) return undefined;
  const path = [...where.schemaAt, ...where.schema.slice(0, -depth)];
  const node = side === 'before' ? at(sides.before, path) : at(sides.after, path, sides.before);
  return isObject(node) ? node : undefined;
}

// ---------------------------------------------------------------------------------------------
// Our rules, where api-smart-diff's classification is wrong for this API

function ourClass(
  diff: Diff,
  where: Where,
  sides: { before: Json; after: Json },
): { class: ChangeClass; why: string } | null {
  // Security on a call, in a document with no global security (ours): api-smart-diff's rule
  // reads a missing global requirement as "included", so it calls a requirement put on a
  // public call non-breaking and one taken off breaking. A call that now needs a token refuses
  // clients that send none (401); one that no longer needs it serves them all.
  if (where.rest.length === 1 && where.rest[0] === 'security' && !sides.before.security) {
    const optional = (value: unknown) =>
      Array.isArray(value) &&
      value.some((item) => isObject(item) && Object.keys(item).length === 0);
    const kind: ChangeClass | null =
      diff.action === 'add'
        ? optional(diff.after)
          ? 'non-breaking'
          : 'breaking'
        : diff.action === 'remove'
          ? 'non-breaking'
          : null;
    const why =
      kind === 'breaking'
        ? 'a token newly required refuses callers without one'
        : 'a call that no longer needs a token still serves those who send one';
    return kind === null || kind === diff.type ? null : { class: kind, why };
  }

  const schema = where.schema;
  if (!schema || schema.length === 0) return null;
  // The keyword changed, and the item of it (`enum` 1), below the property it is in.
  const { rest } = schemaTarget(schema);
  const keyword = rest.length <= 2 ? rest[0] : undefined;
  const item = rest.length === 2 ? rest[1] : undefined;
  const response = where.side === 'response';

  // A changed type, format or const in an answer: api-smart-diff reverses the request rule for
  // answers (a request may widen, an answer may narrow), which makes a *replaced* type
  // non-breaking there — but a client reading `total` as an integer fails on a string. Only
  // number → integer narrows an answer.
  if (
    response &&
    diff.action === 'replace' &&
    (keyword === 'type' || keyword === 'format' || keyword === 'const') &&
    (rest.length === 1 || typeof item === 'number')
  ) {
    const narrows = keyword === 'type' && diff.before === 'number' && diff.after === 'integer';
    const kind = narrows ? 'non-breaking' : 'breaking';
    return kind === diff.type
      ? null
      : { class: kind, why: `a changed ${keyword} in an answer breaks its readers` };
  }

  // A schema gaining a constraint it did not have — `items` on an array, a schema for
  // `additionalProperties`, `anyOf` / `oneOf` on a schema that held anything (as `value: {}`
  // becomes a concrete schema) — narrows what it holds: free in an answer (its readers get
  // fewer kinds of value, never more), breaking in a request (a client's value may no longer
  // pass). api-smart-diff gets the reversal wrong for the keywords whose request rule is "all
  // non-breaking" (`items`, `additionalProperties`: breaking in an answer) and reads a new
  // `anyOf` as alternatives added to one that was there.
  const combiner = (keyword === 'anyOf' || keyword === 'oneOf') && typeof item === 'number';
  const narrowing =
    diff.action === 'add' &&
    ((rest.length === 1 && CONSTRAINTS.has(String(keyword))) ||
      (combiner && unconstrained(schemaNode(sides, where, 'before'))));
  if (narrowing && (where.side === 'response' || where.side === 'request')) {
    const kind: ChangeClass =
      response || diff.after === true || unconstrained(diff.after) ? 'non-breaking' : 'breaking';
    return kind === diff.type
      ? null
      : {
          class: kind,
          why: response
            ? 'a constraint an answer did not have only narrows what it holds'
            : 'a constraint a request did not have refuses values clients may send',
        };
  }

  // A property removed from an answer: api-smart-diff calls it breaking only when the property
  // was required, as a client must cope with an optional one being absent. For us an optional
  // property in an answer is one present when it applies (a failure's `code`, a record's
  // optional detail); removing it takes away data clients read — breaking, as a removed
  // response field is for any public API.
  if (
    response &&
    keyword === 'properties' &&
    item !== undefined &&
    diff.action === 'remove' &&
    diff.type !== 'breaking'
  ) {
    return { class: 'breaking', why: 'an answer no longer holds data its clients read' };
  }

  if (keyword === 'enum' && typeof item === 'number') {
    // api-smart-diff compares a schema without `enum` as one with an empty enum, so an enum
    // newly put on a schema reads as values added (free in a request, breaking in an answer)
    // and an enum taken off as values removed — the opposite of what they do: a new enum
    // narrows what a client may send (breaking) and what an answer holds (free); dropping one
    // widens both.
    const had = schemaNode(sides, where, 'before');
    const has = schemaNode(sides, where, 'after');
    if (diff.action === 'add' && had && !('enum' in had)) {
      const kind: ChangeClass = response ? 'non-breaking' : 'breaking';
      const why = response
        ? 'a new enum narrows what an answer holds'
        : 'a new enum refuses values a client may send';
      return kind === diff.type ? null : { class: kind, why };
    }
    if (diff.action === 'remove' && has && !('enum' in has)) {
      const kind: ChangeClass = response ? 'breaking' : 'non-breaking';
      const why = response
        ? 'a dropped enum lets an answer hold values its clients do not know'
        : 'a dropped enum only accepts more';
      return kind === diff.type ? null : { class: kind, why };
    }
    // A replaced value in an answer is a value clients have never seen (api-smart-diff's
    // reversed rule calls it non-breaking).
    if (response && diff.action === 'replace' && diff.type !== 'breaking') {
      return { class: 'breaking', why: 'an answer holds a value its clients do not know' };
    }
  }

  if (!response && where.side === 'request') {
    // A body property removed: api-smart-diff calls it non-breaking (the server ignores what
    // it does not read), but our bodies refuse unknown fields with 400 (docs/api.md, Bodies):
    // a client still sending it fails.
    if (
      keyword === 'properties' &&
      item !== undefined &&
      diff.action === 'remove' &&
      diff.type !== 'breaking'
    ) {
      const object = schemaNode(sides, where, 'after');
      if (
        object &&
        (object.additionalProperties === false || object.unevaluatedProperties === false)
      ) {
        return {
          class: 'breaking',
          why: 'the schema refuses unknown properties, so a client still sending it gets 400',
        };
      }
    }
    // Refusing unknown properties where they were accepted: api-smart-diff's rule calls any
    // additionalProperties change non-breaking; in a request it refuses what clients send.
    if (
      keyword === 'additionalProperties' &&
      diff.action !== 'remove' &&
      diff.after === false &&
      diff.type !== 'breaking'
    ) {
      return { class: 'breaking', why: 'a request now refuses properties it accepted' };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Naming a change

function describe(diff: Diff, where: Where): { line: string; fold?: string; folds?: string } {
  const prefix = where.operation ?? 'document';
  const verb = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[
    diff.action
  ];
  if (where.side === 'other') {
    if (where.operation === null) {
      return { line: `document: ${where.rest.join('.')} ${verb}${values(diff)}` };
    }
    if (where.rest.length === 0) {
      return { line: `${prefix}: ${where.subject ? where.subject : 'operation'} ${verb}` };
    }
    return { line: `${prefix}: ${where.rest.join(' ')} ${verb}${values(diff)}` };
  }
  if (!where.schema) {
    // The parameter, body or response itself, or one of its attributes.
    if (where.rest.length === 0) {
      const detail =
        diff.action === 'add' && isObject(diff.after) && where.subject.includes('parameter')
          ? diff.after.required === true
            ? ' (required)'
            : ' (optional)'
          : '';
      return { line: `${prefix}: ${where.subject} ${verb}${detail}` };
    }
    const attribute = where.rest.filter((segment) => segment !== 'content').join(' ');
    if (attribute === 'required') {
      return {
        line: `${prefix}: ${where.subject} made ${diff.after === true ? 'required' : 'optional'}`,
      };
    }
    if (attribute === 'deprecated') {
      return {
        line: `${prefix}: ${where.subject} ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`,
      };
    }
    return { line: `${prefix}: ${where.subject} ${attribute} ${verb}${values(diff)}` };
  }

  const schema = where.schema;
  const key = `${prefix}|${where.subject}`;
  const { target, rest } = schemaTarget(schema);
  const property = (name: string) => (target ? `${target}.${name}` : name);
  const subject = (name: string) => `${where.subject} property "${name}"`;
  const of = target ? subject(target) : where.subject;

  if (rest.length === 0) {
    return { line: `${prefix}: ${where.subject} schema ${verb}${values(diff)}` };
  }
  if (rest.length === 2 && rest[0] === 'properties') {
    const name = property(String(rest[1]));
    return {
      line: `${prefix}: ${subject(name)} ${verb}`,
      ...(diff.action === 'add' || diff.action === 'remove'
        ? { folds: `${key}|${diff.action}|${name}` }
        : {}),
    };
  }
  if (rest[0] === 'required' && rest.length === 2) {
    const name = String(diff.action === 'add' ? diff.after : diff.before);
    if (diff.action === 'replace') {
      return {
        line: `${prefix}: ${of} required property changed: ${String(diff.before)} → ${String(diff.after)}`,
      };
    }
    return {
      line: `${prefix}: ${subject(property(name))} made ${diff.action === 'add' ? 'required' : 'optional'}`,
      fold: `${key}|${diff.action}|${property(name)}`,
    };
  }
  if (rest[0] === 'enum' && rest.length === 2) {
    const value = JSON.stringify(diff.action === 'add' ? diff.after : diff.before);
    if (diff.action === 'replace') {
      return {
        line: `${prefix}: ${of} value ${JSON.stringify(diff.before)} replaced by ${JSON.stringify(diff.after)}`,
      };
    }
    return { line: `${prefix}: ${of} value ${value} ${verb}` };
  }
  if (rest[0] === 'type') {
    // `type` or one of a type list's items (`["object", "null"]`): named without the index.
    return { line: `${prefix}: ${of} type ${verb}${values(diff)}` };
  }
  return { line: `${prefix}: ${of} ${rest.join('.')} ${verb}${values(diff)}` };
}

/** `value.items[].kind` and the keyword path after it. */
function schemaTarget(schema: Segment[]): { target: string; rest: Segment[] } {
  let target = '';
  let index = 0;
  while (index < schema.length) {
    const segment = schema[index];
    const next = schema[index + 1];
    if (segment === 'properties' && next !== undefined && index + 2 < schema.length) {
      target = target ? `${target}.${String(next)}` : String(next);
      index += 2;
    } else if (segment === 'items' && index + 1 < schema.length) {
      if (typeof next === 'number') {
        target = `${target}[${next}]`;
        index += 2;
      } else {
        target = `${target}[]`;
        index += 1;
      }
    } else if (segment === 'additionalProperties' && index + 1 < schema.length) {
      target = `${target}{*}`;
      index += 1;
    } else if (
      (segment === 'allOf' || segment === 'oneOf' || segment === 'anyOf') &&
      typeof next === 'number' &&
      index + 2 < schema.length
    ) {
      target = `${target}(${segment} ${next})`;
      index += 2;
    } else {
      break;
    }
  }
  return { target, rest: schema.slice(index) };
}

function values(diff: Diff): string {
  const show = (value: unknown) => {
    const text = JSON.stringify(value) ?? 'undefined';
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  if (diff.action === 'replace' || diff.action === 'rename') {
    return `: ${show(diff.before)} → ${show(diff.after)}`;
  }
  if (diff.action === 'add' && diff.after !== undefined && !isObject(diff.after)) {
    return `: ${show(diff.after)}`;
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Acknowledgements

export interface Acknowledgement {
  /** The change's line, exactly as `npm run openapi` prints it. */
  change: string;
  reason: string;
}

/**
 * The acknowledgements in docs/api-breaking-changes.md: each a list item, the change's line in
 * a code span, then a dash and the reason:
 *
 *     - `GET /wps/x: query parameter "lang" removed` — spec 7 dropped it (issue 40).
 *
 * An item that starts with a code span and gives no reason is an error, never an
 * acknowledgement; every other line is prose.
 */
export function parseAcknowledgements(text: string): {
  acknowledgements: Acknowledgement[];
  errors: string[];
} {
  const acknowledgements: Acknowledgement[] = [];
  const errors: string[] = [];
  let fenced = false;
  let comment = false;
  for (const [index, raw] of text.split('\n').entries()) {
    // Examples in fenced blocks and HTML comments acknowledge nothing.
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    if (raw.includes('<!--')) comment = true;
    const skip = fenced || comment;
    if (raw.includes('-->')) comment = false;
    if (skip) continue;
    // A code span of one or more backticks (two when the line itself holds one).
    const item = /^\s*[-*]\s+(`+) ?(.+?) ?\1(?!`)(.*)$/.exec(raw);
    if (!item) continue;
    const change = item[2]!;
    const separated = /^\s*[—–:-]\s*/.exec(item[3]!);
    const reason = separated ? item[3]!.slice(separated[0].length).trim() : '';
    if (reason.length < 3 || /^<.*>$/.test(reason)) {
      errors.push(`${ACKNOWLEDGEMENTS_PATH}:${index + 1}: "${change}" gives no reason`);
      continue;
    }
    acknowledgements.push({ change, reason });
  }
  return { acknowledgements, errors };
}

/** The breaking (and unclassified) changes no acknowledgement names: they block. */
export function unacknowledged(
  changes: ContractChange[],
  acknowledgements: Acknowledgement[],
): ContractChange[] {
  const named = new Set(acknowledgements.map((entry) => entry.change));
  return changes.filter((change) => MUST_ACKNOWLEDGE.has(change.class) && !named.has(change.line));
}

/** The list item to paste into docs/api-breaking-changes.md for a change. */
export function acknowledgementLine(change: ContractChange): string {
  const code = change.line.includes('`') ? `\`\` ${change.line} \`\`` : `\`${change.line}\``;
  return `- ${code} — <why this break is deliberate, and what its clients do>`;
}

// ---------------------------------------------------------------------------------------------
// Printing

export interface FormatOptions {
  /** What the changes are against, e.g. `docs/openapi.json`. */
  against: string;
  acknowledgements?: Acknowledgement[];
  /** At most this many non-breaking, deprecated and annotation lines (all by default). */
  limit?: number;
  color?: boolean;
}

/** The changes as text: a summary, then breaking and unclassified loud, then the rest. */
export function formatChanges(changes: ContractChange[], options: FormatOptions): string {
  const paint = (code: string, text: string) =>
    options.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const reasons = new Map((options.acknowledgements ?? []).map((a) => [a.change, a.reason]));
  const count = (kind: ChangeClass) => changes.filter((change) => change.class === kind).length;
  if (changes.length === 0) return `API compatibility: no changes against ${options.against}.`;
  const lines = [
    `API compatibility against ${options.against}: ${ORDER.map((kind) => `${count(kind)} ${kind}`).join(', ')}.`,
  ];
  const section = (kind: ChangeClass, title: string, mark: string, limit?: number) => {
    const list = changes.filter((change) => change.class === kind);
    if (list.length === 0) return;
    lines.push('', title);
    for (const change of list.slice(0, limit ?? list.length)) {
      const reason = reasons.get(change.line);
      const note = reason ? `  [acknowledged: ${reason}]` : '';
      const text = `  ${mark} ${change.line}${note}`;
      lines.push(MUST_ACKNOWLEDGE.has(kind) && !reason ? paint('1;31', text) : text);
    }
    if (limit !== undefined && list.length > limit) {
      lines.push(`  … and ${list.length - limit} more (npm run openapi -- --all lists them)`);
    }
  };
  section(
    'breaking',
    paint(
      '1;31',
      `!!! BREAKING (${count('breaking')}): a client written against ${options.against} can fail`,
    ),
    '✗',
  );
  section(
    'unclassified',
    paint(
      '1;33',
      `!!! UNCLASSIFIED (${count('unclassified')}): cannot be shown compatible; treated as breaking`,
    ),
    '?',
  );
  section('non-breaking', `Non-breaking (${count('non-breaking')}):`, '+', options.limit);
  section('deprecated', `Deprecated (${count('deprecated')}):`, '~', options.limit);
  section('annotation', `Annotations (${count('annotation')}):`, '·', options.limit);
  return lines.join('\n');
}
