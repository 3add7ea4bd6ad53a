import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The answers' shapes for the API's document (issue 32), taken from the code itself: the
 * TypeScript checker reads what every route's handler and every relay's `handle` returns (the
 * value inside the envelope) and this turns that type into JSON Schema. The types are the ones
 * the handlers are compiled against, so the document cannot drift from the code without this
 * file changing (`npm run openapi` regenerates it; tests/server/openApi.test.ts fails while it
 * is stale), and the test servers check every answer they send against it
 * (tests/support/answerContract.ts), so a type the code only claims is caught too.
 *
 * Written to server/http/answerSchemas.json: `answers` maps "METHOD /path" (or "@name", for a
 * route whose path comes from the configuration and names its answer in `config.answer`) to the
 * value's schema (absent: the route answers something else than the envelope, e.g. a CSV or an image,
 * or its value's type is not known to the checker); `schemas` holds the named types (the
 * shared interfaces in src/shared and the server's), referenced as
 * `#/components/schemas/<name>`.
 */
export const ANSWER_SCHEMAS_PATH = 'server/http/answerSchemas.json';

type Schema = Record<string, unknown>;

/** One socket event: its namespace, its payload's schema, its comment. */
export interface EventSchema {
  namespace: string;
  payload: Schema;
  /** A client's event acknowledged by the server: the acknowledgement's argument. */
  ack?: Schema;
  description?: string;
}

export interface AnswerSchemas {
  answers: Record<string, Schema>;
  /** The socket events by name (src/shared/realtime.ts, src/shared/chat.ts). */
  events: Record<string, EventSchema>;
  /** The events a client sends (src/shared/chat.ts), with their acknowledgements. */
  clientEvents: Record<string, EventSchema>;
  schemas: Record<string, Schema>;
}

/** The socket.io event maps (server to client) and the namespace each is served on. */
const EVENT_MAPS = [
  {
    file: 'src/shared/realtime.ts',
    name: 'ServerToClientEvents',
    namespace: '/',
    fromClient: false,
  },
  {
    file: 'src/shared/chat.ts',
    name: 'ChatServerToClientEvents',
    namespace: '/chat',
    fromClient: false,
  },
  {
    file: 'src/shared/chat.ts',
    name: 'ChatClientToServerEvents',
    namespace: '/chat',
    fromClient: true,
  },
];

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

export function generateAnswerSchemas(root = process.cwd()): {
  result: AnswerSchemas;
  unknown: string[];
} {
  const configPath = path.join(root, 'server/tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const httpDir = path.join(root, 'server/http') + path.sep;
  const program = ts.createProgram({
    rootNames: [
      ...parsed.fileNames.filter((file) => path.resolve(file).startsWith(httpDir)),
      ...EVENT_MAPS.map((map) => path.join(root, map.file)),
    ],
    options: { ...parsed.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const converter = new SchemaConverter(checker, root);
  const answers: Record<string, Schema> = {};
  const unknown: string[] = [];

  const record = (key: string, handler: ts.Expression | undefined) => {
    const schema = handler ? converter.answerOf(handler) : undefined;
    if (schema) answers[key] = schema;
    else unknown.push(key);
  };

  for (const file of program.getSourceFiles()) {
    if (!path.resolve(file.fileName).startsWith(httpDir)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const url = node.arguments[0] && literalText(checker, node.arguments[0]);
        if (ROUTE_METHODS.has(method) && url && url.startsWith('/')) {
          record(`${method.toUpperCase()} ${fastifyToOpenApi(url)}`, node.arguments.at(-1));
        } else if (ROUTE_METHODS.has(method) && node.arguments.length >= 3) {
          // A path from the configuration: the route names its answer (`config.answer`).
          const name = answerNameOf(checker, node.arguments[1]!);
          if (name) record(`@${name}`, node.arguments.at(-1));
        }
      }
      // A relay table's entry: `name: { method: 'GET', …, handle: … }`.
      if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.initializer)) {
        const relayName = ts.isComputedPropertyName(node.name)
          ? literalText(checker, node.name.expression)
          : ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)
            ? node.name.text
            : undefined;
        const props = new Map<string, ts.ObjectLiteralElementLike>();
        for (const prop of node.initializer.properties) {
          if (prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)))
            props.set(prop.name.text, prop);
        }
        const methodProp = props.get('method');
        const handle = props.get('handle');
        if (methodProp && handle && ts.isPropertyAssignment(methodProp)) {
          const method = literalText(checker, methodProp.initializer);
          const handler = ts.isPropertyAssignment(handle)
            ? handle.initializer
            : ts.isMethodDeclaration(handle)
              ? (handle as unknown as ts.Expression)
              : undefined;
          if (method && relayName) record(`${method} /wps/relay/${relayName}`, handler);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  // The socket events: each listener's parameter, with the listener's comment.
  const events: Record<string, EventSchema> = {};
  const clientEvents: Record<string, EventSchema> = {};
  for (const map of EVENT_MAPS) {
    const file = program.getSourceFile(path.join(root, map.file));
    const declaration = file?.statements.find(
      (statement): statement is ts.InterfaceDeclaration =>
        ts.isInterfaceDeclaration(statement) && statement.name.text === map.name,
    );
    if (!declaration) throw new Error(`${map.name} is not in ${map.file}`);
    for (const member of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration))) {
      const listener = checker.getTypeOfSymbol(member).getCallSignatures()[0];
      const parameter = listener?.getParameters()[0];
      if (!parameter) throw new Error(`${map.name}.${member.getName()} takes no event`);
      const description = ts.displayPartsToString(member.getDocumentationComment(checker)).trim();
      // An acknowledged event's second parameter is the callback: its argument is the answer.
      const callback = listener.getParameters()[1];
      const answer = callback
        ? checker
            .getNonNullableType(checker.getTypeOfSymbol(callback))
            .getCallSignatures()[0]
            ?.getParameters()[0]
        : undefined;
      (map.fromClient ? clientEvents : events)[member.getName()] = {
        namespace: map.namespace,
        payload: converter.convert(checker.getTypeOfSymbol(parameter)),
        ...(answer ? { ack: converter.convert(checker.getTypeOfSymbol(answer)) } : {}),
        ...(description ? { description } : {}),
      };
    }
  }
  return {
    result: {
      answers: sortKeys(answers),
      events: sortKeys(events),
      clientEvents: sortKeys(clientEvents),
      schemas: sortKeys(converter.named),
    },
    unknown,
  };
}

/** The `config.answer` name of a route's options, written in place. */
function answerNameOf(checker: ts.TypeChecker, options: ts.Expression): string | undefined {
  if (!ts.isObjectLiteralExpression(options)) return undefined;
  const config = options.properties.find(
    (prop): prop is ts.PropertyAssignment =>
      ts.isPropertyAssignment(prop) && prop.name.getText() === 'config',
  );
  if (!config || !ts.isObjectLiteralExpression(config.initializer)) return undefined;
  const answer = config.initializer.properties.find(
    (prop): prop is ts.PropertyAssignment =>
      ts.isPropertyAssignment(prop) && prop.name.getText() === 'answer',
  );
  return answer ? literalText(checker, answer.initializer) : undefined;
}

/** `/a/:id` → `/a/{id}`, as @fastify/swagger writes paths. */
function fastifyToOpenApi(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function literalText(checker: ts.TypeChecker, node: ts.Expression): string | undefined {
  if (ts.isStringLiteralLike(node)) return node.text;
  const type = checker.getTypeAtLocation(node);
  return type.isStringLiteral() ? type.value : undefined;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A TypeScript type → the JSON Schema of its JSON form (what JSON.stringify makes of it). */
class SchemaConverter {
  readonly named: Record<string, Schema> = {};
  private readonly naming = new Map<ts.Symbol, string>();
  private readonly inProgress = new Set<ts.Type>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly root: string,
  ) {}

  /** The envelope's value a handler answers, or undefined when it answers no envelope. */
  answerOf(handler: ts.Expression): Schema | undefined {
    const unwrap = (type: ts.Type) =>
      // A Promise's value, unwrapped once (not getAwaitedType: a FastifyReply is a thenable).
      type.getSymbol()?.getName() === 'Promise'
        ? (this.checker.getTypeArguments(type as ts.TypeReference)[0] ?? type)
        : type;
    // A handler written in place: what its return statements answer (the types a contextual
    // return type would otherwise fold, e.g. a prepared reply into `never`). A handler made
    // elsewhere: its signature's return type.
    let answers: ts.Type[];
    if (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler)) {
      answers = returnedExpressions(handler).map((node) =>
        unwrap(this.checker.getTypeAtLocation(node)),
      );
    } else {
      const signature = this.checker.getTypeAtLocation(handler).getCallSignatures()[0];
      if (!signature) return undefined;
      answers = [unwrap(signature.getReturnType())];
    }
    const parts = answers.flatMap((answer) => (answer.isUnion() ? answer.types : [answer]));
    // A handler that sends its own reply (a file, a redirect, a prepared catalogue answer) is
    // read through what it passes on: an Envelope's value, a PreparedAnswer's value.
    const values: ts.Type[] = [];
    for (const part of parts) {
      const name = (part.aliasSymbol ?? part.getSymbol())?.getName();
      const prepared = part.getProperty('preparedValue');
      if (name === 'PreparedReply' || prepared) {
        const value =
          prepared && this.checker.getNonNullableType(this.checker.getTypeOfSymbol(prepared));
        if (!value || value.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
        values.push(value);
      } else if (name === 'Envelope' || name === 'PreparedAnswer') {
        const value = this.typeArgument(part);
        if (!value) return undefined;
        values.push(value);
      } else if (name === 'FastifyReply' || part.flags & ts.TypeFlags.Void) {
        return undefined;
      } else if (handlerIsRelay(handler)) {
        values.push(part);
      } else {
        return undefined;
      }
    }
    if (values.length === 0) return undefined;
    if (values.some((value) => value.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown))) {
      return undefined;
    }
    return values.length === 1 ? this.convert(values[0]!) : this.union(values);
  }

  private typeArgument(type: ts.Type): ts.Type | undefined {
    const args = type.aliasTypeArguments ?? this.checker.getTypeArguments(type as ts.TypeReference);
    const value = args[0];
    if (!value || value.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
    return value;
  }

  convert(type: ts.Type): Schema {
    const { checker } = this;
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (type.isStringLiteral()) return { type: 'string', const: type.value };
    if (type.isNumberLiteral()) return { type: 'number', const: type.value };
    if (flags & ts.TypeFlags.BooleanLiteral) {
      return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    }
    if (flags & ts.TypeFlags.StringLike) return { type: 'string' };
    if (flags & ts.TypeFlags.NumberLike) return { type: 'number' };
    if (flags & ts.TypeFlags.BooleanLike) return { type: 'boolean' };
    if (flags & ts.TypeFlags.BigIntLike) {
      throw new Error(`a bigint reaches JSON (${checker.typeToString(type)}): answer a string`);
    }
    if (type.isUnion()) return this.union(type.types);
    if (type.isIntersection()) {
      // An object made of several (a & b): one object with every property.
      return this.object(type);
    }
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? this.convert(item) : {} };
    }
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => this.convert(t));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (flags & ts.TypeFlags.Object) {
      const symbol = type.getSymbol();
      const name = symbol?.getName();
      if (name === 'Date') return { type: 'string', format: 'date-time' };
      return this.maybeNamed(type, () => this.object(type));
    }
    return {};
  }

  private union(types: readonly ts.Type[]): Schema {
    const present = types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const strings = present
      .filter((t) => t.isStringLiteral())
      .map((t) => (t as ts.StringLiteralType).value);
    const booleans = present.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = present.filter(
      (t) => !t.isStringLiteral() && !(t.flags & ts.TypeFlags.BooleanLiteral),
    );
    const options: Schema[] = [];
    if (strings.length > 0) options.push({ type: 'string', enum: [...new Set(strings)].sort() });
    if (booleans.length === 2) options.push({ type: 'boolean' });
    else for (const t of booleans) options.push(this.convert(t));
    for (const t of others) options.push(this.convert(t));
    // `string | 'a'` is a string; a plain type beside its own literals swallows them.
    const plain = options.filter((o) => Object.keys(o).length === 1 && typeof o.type === 'string');
    const deduped = options.filter(
      (o) => !(o.enum || 'const' in o) || !plain.some((p) => p.type === o.type),
    );
    // A named type and the same shape written inline are one option: the reference is kept.
    const shapeOf = (o: Schema) =>
      JSON.stringify(typeof o.$ref === 'string' ? (this.named[o.$ref.split('/').pop()!] ?? o) : o);
    const byShape = new Map<string, Schema>();
    for (const o of deduped) {
      const known = byShape.get(shapeOf(o));
      if (!known || (!known.$ref && o.$ref)) byShape.set(shapeOf(o), o);
    }
    const unique = [...byShape.values()];
    if (unique.length === 1) return unique[0]!;
    // `T | null` reads better as a type list when T is plain.
    if (unique.every((o) => Object.keys(o).length === 1 && typeof o.type === 'string')) {
      return { type: unique.map((o) => o.type) };
    }
    return { anyOf: unique };
  }

  private object(type: ts.Type): Schema {
    const { checker } = this;
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = declaration
        ? checker.getTypeOfSymbolAtLocation(prop, declaration)
        : checker.getTypeOfSymbol(prop);
      // Functions do not reach JSON.
      if (propType.getCallSignatures().length > 0 && !propType.isUnion()) continue;
      if (prop.getName().startsWith('__')) continue;
      const optional =
        (prop.flags & ts.SymbolFlags.Optional) !== 0 ||
        (propType.isUnion() && propType.types.some((t) => t.flags & ts.TypeFlags.Undefined)) ||
        (propType.flags & ts.TypeFlags.Undefined) !== 0;
      const schema = this.convert(propType);
      const doc = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
      properties[prop.getName()] =
        doc && !('$ref' in schema) ? { ...schema, description: doc } : schema;
      if (!optional) required.push(prop.getName());
    }
    const result: Schema = { type: 'object', properties };
    if (required.length > 0) result.required = required;
    const index = checker
      .getIndexInfosOfType(type)
      .find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index) result.additionalProperties = this.convert(index.type);
    return result;
  }

  /**
   * A named type of ours (an interface or a type alias declared in src/ or server/): one
   * component, referenced wherever it appears; anonymous types inline. Generic instances and
   * library types inline too (their name alone would not say which instance).
   */
  private maybeNamed(type: ts.Type, build: () => Schema): Schema {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    const file = declaration?.getSourceFile().fileName ?? '';
    const ours =
      symbol &&
      !file.includes('node_modules') &&
      path.resolve(file).startsWith(this.root) &&
      (ts.isInterfaceDeclaration(declaration!) || ts.isTypeAliasDeclaration(declaration!)) &&
      !(type.aliasTypeArguments?.length ?? 0) &&
      !((type as ts.TypeReference).typeArguments?.length ?? 0);
    if (!ours) {
      if (this.inProgress.has(type)) return {};
      this.inProgress.add(type);
      try {
        return build();
      } finally {
        this.inProgress.delete(type);
      }
    }
    let name = this.naming.get(symbol);
    if (!name) {
      name = symbol.getName();
      for (let n = 2; Object.values(Object.fromEntries(this.naming)).includes(name); n += 1) {
        name = `${symbol.getName()}${n}`;
      }
      this.naming.set(symbol, name);
      this.named[name] = {};
      this.named[name] = build();
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

/** The expressions a function literal returns (not those of functions inside it). */
function returnedExpressions(fn: ts.ArrowFunction | ts.FunctionExpression): ts.Expression[] {
  if (!ts.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

/** A relay's `handle` answers its value bare; a route's handler answers the envelope. */
function handlerIsRelay(handler: ts.Expression): boolean {
  const parent = handler.parent;
  return (
    !!parent &&
    (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) &&
    parent.name.getText() === 'handle'
  );
}

async function main(args: string[]): Promise<void> {
  const { result, unknown } = generateAnswerSchemas();
  const text = `${JSON.stringify(result, null, 2)}\n`;
  if (args.includes('--list-unknown')) console.log(unknown.join('\n'));
  if (args.includes('--check')) {
    if (readFileSync(ANSWER_SCHEMAS_PATH, 'utf8') !== text) {
      console.error(`out of date: ${ANSWER_SCHEMAS_PATH}: run npm run openapi`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(ANSWER_SCHEMAS_PATH, text);
  console.log(
    `wrote ${ANSWER_SCHEMAS_PATH}: ${Object.keys(result.answers).length} answers, ${Object.keys(result.schemas).length} named types; ${unknown.length} without an envelope value`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await main(process.argv.slice(2));
}
