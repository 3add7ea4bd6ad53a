import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACKNOWLEDGEMENTS_PATH,
  acknowledgementLine,
  compareContracts,
  formatChanges,
  parseAcknowledgements,
  unacknowledged,
  type ContractChange,
} from '../../scripts/openApiCompat';
import { DOCUMENT_PATH, generateOpenApi } from '../../scripts/openApi';

/* eslint-disable @typescript-eslint/no-explicit-any -- mutating a parsed JSON document */
type Document = any;

/**
 * What a change of the API's contract does to its clients (issue 32; docs/api.md,
 * Compatibility): the committed document, changed in memory, classified by
 * scripts/openApiCompat.ts — additive changes free, breaking ones named.
 */
const committed: Document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8'));

const HELP = '/wps/system/helpCenter'; // public GET, declares the `lang` query parameter
const TRANSFER = '/wps/relay/GCS_walletTransfer'; // member POST, a strict JSON body
const LOGIN = '/wps/session/login'; // public POST, a sealed payload

function changed(mutate: (document: Document) => void, before: Document = committed) {
  const after = structuredClone(before);
  mutate(after);
  return compareContracts(before, after);
}

const lines = (changes: ContractChange[], kind: ContractChange['class']) =>
  changes.filter((change) => change.class === kind).map((change) => change.line);

const body = (document: Document) =>
  document.paths[TRANSFER].post.requestBody.content['application/json'].schema;

/**
 * Points one call's 200 answer at its own copy of the Envelope (changed by `edit`), so a
 * change of the answer's properties touches that call alone, whatever shape its schema has.
 */
function ownEnvelope(document: Document, path: string, edit: (envelope: Document) => void) {
  const envelope = structuredClone(document.components.schemas.Envelope);
  edit(envelope);
  document.components.schemas.TestEnvelope = envelope;
  const answer = document.paths[path].get.responses['200'].content['application/json'];
  answer.schema = JSON.parse(
    JSON.stringify(answer.schema).replaceAll(
      '"#/components/schemas/Envelope"',
      '"#/components/schemas/TestEnvelope"',
    ),
  );
}

describe('compatibility of the API contract', () => {
  it('finds no change between the committed document and itself', () => {
    expect(compareContracts(committed, structuredClone(committed))).toEqual([]);
  });

  it('calls a removed path or method breaking, and names it', () => {
    const removed = changed((document) => delete document.paths[HELP]);
    expect(removed).toEqual([
      expect.objectContaining({ class: 'breaking', line: `GET ${HELP}: operation removed` }),
    ]);
    const method = changed((document) => delete document.paths[TRANSFER].post);
    expect(lines(method, 'breaking')).toEqual([`POST ${TRANSFER}: operation removed`]);
  });

  it('calls a new path non-breaking', () => {
    const added = changed((document) => {
      document.paths['/wps/system/newThing'] = structuredClone(document.paths[HELP]);
    });
    expect(added).toEqual([
      expect.objectContaining({
        class: 'non-breaking',
        line: 'GET /wps/system/newThing: operation added',
      }),
    ]);
  });

  it('calls a removed query parameter breaking: undeclared ones are refused with 400', () => {
    const lang = committed.paths[HELP].get.parameters.find((p: Document) => p.name === 'lang');
    expect(lang).toMatchObject({ in: 'query', required: false });
    const removed = changed((document) => {
      const operation = document.paths[HELP].get;
      operation.parameters = operation.parameters.filter((p: Document) => p.name !== 'lang');
    });
    expect(lines(removed, 'breaking')).toEqual([`GET ${HELP}: query parameter "lang" removed`]);
  });

  it('calls an optional query parameter added non-breaking, a required one breaking', () => {
    const add = (required: boolean) =>
      changed((document) => {
        document.paths[HELP].get.parameters.push({
          in: 'query',
          name: 'section',
          required,
          schema: { type: 'string' },
        });
      });
    expect(add(false)).toEqual([
      expect.objectContaining({
        class: 'non-breaking',
        line: `GET ${HELP}: query parameter "section" added (optional)`,
      }),
    ]);
    expect(lines(add(true), 'breaking')).toEqual([
      `GET ${HELP}: query parameter "section" added (required)`,
    ]);
    const madeRequired = changed((document) => {
      document.paths[HELP].get.parameters.find((p: Document) => p.name === 'lang').required = true;
    });
    expect(lines(madeRequired, 'breaking')).toEqual([
      `GET ${HELP}: query parameter "lang" made required`,
    ]);
  });

  it('calls a required body property added breaking, an optional one non-breaking', () => {
    const required = changed((document) => {
      body(document).properties.note = { type: 'string' };
      body(document).required.push('note');
    });
    expect(lines(required, 'breaking')).toEqual([
      `POST ${TRANSFER}: request body property "note" added (required)`,
    ]);
    const optional = changed((document) => {
      body(document).properties.note = { type: 'string' };
    });
    expect(lines(optional, 'non-breaking')).toEqual([
      `POST ${TRANSFER}: request body property "note" added`,
    ]);
    expect(lines(optional, 'breaking')).toEqual([]);
  });

  it('calls a body property removed breaking: bodies refuse unknown fields (our rule)', () => {
    expect(body(committed).additionalProperties).toBe(false);
    const removed = changed((document) => {
      delete body(document).properties.to;
      body(document).required = body(document).required.filter((name: string) => name !== 'to');
    });
    expect(removed).toEqual([
      expect.objectContaining({
        class: 'breaking',
        line: `POST ${TRANSFER}: request body property "to" removed`,
        overridden: expect.stringContaining('api-smart-diff: non-breaking'),
      }),
    ]);
  });

  it('holds a sealed payload to the request rules', () => {
    const payload = (document: Document) => document.paths[LOGIN].post['x-sealed-payload'];
    const required = changed((document) => {
      payload(document).properties.deviceId = { type: 'string' };
      payload(document).required.push('deviceId');
    });
    expect(lines(required, 'breaking')).toEqual([
      `POST ${LOGIN}: sealed payload property "deviceId" added (required)`,
    ]);
    const enumValue = changed((document) => {
      payload(document).properties.type.enum = ['username'];
    });
    expect(lines(enumValue, 'breaking')).toEqual([
      `POST ${LOGIN}: sealed payload property "type" value "sms" removed`,
    ]);
  });

  it('calls a response property removed breaking and one added non-breaking', () => {
    const removed = changed((document) =>
      ownEnvelope(document, HELP, (envelope) => delete envelope.properties.message),
    );
    expect(lines(removed, 'breaking')).toEqual([
      `GET ${HELP}: response 200 property "message" removed`,
    ]);
    const added = changed((document) =>
      ownEnvelope(document, HELP, (envelope) => {
        envelope.properties.requestId = { type: 'string' };
      }),
    );
    expect(added).toEqual([
      expect.objectContaining({
        class: 'non-breaking',
        line: `GET ${HELP}: response 200 property "requestId" added`,
      }),
    ]);
  });

  it('calls a response property whose type changed breaking (our rule)', () => {
    const retyped = changed((document) =>
      ownEnvelope(document, HELP, (envelope) => {
        envelope.properties.success = { type: 'string' };
      }),
    );
    expect(retyped).toEqual([
      expect.objectContaining({
        class: 'breaking',
        line: `GET ${HELP}: response 200 property "success" type changed: "boolean" → "string"`,
      }),
    ]);
  });

  it('calls an answer narrowed from `value: {}` to a schema non-breaking', () => {
    // The document before value schemas: every 200 answered the Envelope, `value: {}`.
    const untyped = structuredClone(committed);
    for (const item of Object.values(untyped.paths) as Document[]) {
      for (const operation of Object.values(item) as Document[]) {
        const answer = operation.responses?.['200']?.content?.['application/json'];
        if (answer) answer.schema = { $ref: '#/components/schemas/Envelope' };
      }
    }
    untyped.components.schemas.Envelope.properties.value = {};
    const described = changed((document) => {
      const answer = document.paths[HELP].get.responses['200'].content['application/json'];
      answer.schema = {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          {
            type: 'object',
            properties: {
              value: {
                anyOf: [
                  {
                    type: 'object',
                    required: ['sections'],
                    additionalProperties: false,
                    properties: {
                      sections: { type: 'array', items: { type: 'string', enum: ['faq'] } },
                    },
                  },
                  { type: 'null' },
                ],
              },
            },
          },
        ],
      };
    }, untyped);
    expect(described.length).toBeGreaterThan(0);
    expect(lines(described, 'breaking')).toEqual([]);
    expect(lines(described, 'unclassified')).toEqual([]);
  });

  it('calls an enum narrowing what a client sends breaking, one widening an answer too', () => {
    // A new enum on a body property refuses values clients may send (our rule: api-smart-diff
    // reads it as values added to an empty enum).
    const narrowed = changed((document) => {
      body(document).properties.from = { type: 'string', enum: ['MAIN', 'PG'] };
    });
    expect(lines(narrowed, 'breaking')).toEqual([
      `POST ${TRANSFER}: request body property "from" value "MAIN" added`,
      `POST ${TRANSFER}: request body property "from" value "PG" added`,
    ]);
    // In an answer, a value removed is one clients never get again; a value added is one they
    // do not know.
    const withKind = structuredClone(committed);
    ownEnvelope(withKind, HELP, (envelope) => {
      envelope.properties.kind = { type: 'string', enum: ['a', 'b'] };
    });
    const kind = (values: string[]) =>
      changed((document) => {
        document.components.schemas.TestEnvelope.properties.kind.enum = values;
      }, withKind);
    expect(kind(['a'])).toEqual([
      expect.objectContaining({
        class: 'non-breaking',
        line: `GET ${HELP}: response 200 property "kind" value "b" removed`,
      }),
    ]);
    expect(lines(kind(['a', 'b', 'c']), 'breaking')).toEqual([
      `GET ${HELP}: response 200 property "kind" value "c" added`,
    ]);
  });

  it('calls a token newly required on a public call breaking (our rule)', () => {
    expect(committed.paths[HELP].get.security).toBeUndefined();
    const guarded = changed((document) => {
      document.paths[HELP].get.security = [{ member: [] }];
    });
    expect(guarded).toEqual([expect.objectContaining({ class: 'breaking' })]);
    expect(guarded[0]!.line).toMatch(new RegExp(`^GET ${HELP}: security added`));
  });

  it('prints breaking changes first, loud, and marks the acknowledged ones', () => {
    const changes = changed((document) => {
      document.paths['/wps/system/newThing'] = structuredClone(document.paths[HELP]);
      delete document.paths[TRANSFER];
    });
    const text = formatChanges(changes, {
      against: 'docs/openapi.json',
      acknowledgements: [{ change: `POST ${TRANSFER}: operation removed`, reason: 'merged' }],
    });
    expect(text).toContain('1 breaking, 0 unclassified, 1 non-breaking');
    expect(text.indexOf('BREAKING')).toBeLessThan(text.indexOf('Non-breaking'));
    expect(text).toContain(`✗ POST ${TRANSFER}: operation removed  [acknowledged: merged]`);
    expect(text).toContain('+ GET /wps/system/newThing: operation added');
  });
});

describe('acknowledging a deliberate breaking change', () => {
  const removal: ContractChange = {
    class: 'breaking',
    line: `GET ${HELP}: query parameter "lang" removed`,
    path: ['paths', HELP, 'get', 'parameters', 0],
  };
  const addition: ContractChange = {
    class: 'non-breaking',
    line: 'GET /wps/system/newThing: operation added',
    path: ['paths', '/wps/system/newThing', 'get'],
  };

  it('blocks a breaking change until it is listed with a reason', () => {
    expect(unacknowledged([removal, addition], [])).toEqual([removal]);
    const { acknowledgements, errors } = parseAcknowledgements(
      [
        '# Breaking changes',
        '',
        'Prose that names `a code span` is no entry.',
        '',
        `- \`${removal.line}\` — the Language header picks the language (issue 40).`,
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(acknowledgements).toEqual([
      { change: removal.line, reason: 'the Language header picks the language (issue 40).' },
    ]);
    expect(unacknowledged([removal, addition], acknowledgements)).toEqual([]);
  });

  it('never takes an entry without a reason, the placeholder, or an example', () => {
    const pasted = acknowledgementLine(removal);
    expect(pasted).toContain(`\`${removal.line}\``);
    const { acknowledgements, errors } = parseAcknowledgements(
      [
        pasted,
        `- \`${removal.line}\``,
        '```md',
        `- \`${removal.line}\` — an example in a fenced block`,
        '```',
        '<!--',
        `- \`${removal.line}\` — commented out`,
        '-->',
      ].join('\n'),
    );
    expect(acknowledgements).toEqual([]);
    expect(errors).toHaveLength(2);
    expect(unacknowledged([removal], acknowledgements)).toEqual([removal]);
  });

  it('reads a line holding a backtick in a double code span', () => {
    const odd = { ...removal, line: 'GET /x: query parameter "a`b" removed' };
    const entry = acknowledgementLine(odd).replace(/<.*>$/, 'deliberate, see issue 41');
    expect(parseAcknowledgements(entry).acknowledgements).toEqual([
      { change: odd.line, reason: 'deliberate, see issue 41' },
    ]);
  });

  it('asks the same of unclassified changes, not of additive ones', () => {
    const unclassified = { ...addition, class: 'unclassified' as const };
    expect(unacknowledged([unclassified], [])).toEqual([unclassified]);
    expect(unacknowledged([addition], [])).toEqual([]);
  });

  it('keeps the committed acknowledgements file readable', () => {
    const { errors } = parseAcknowledgements(readFileSync(ACKNOWLEDGEMENTS_PATH, 'utf8'));
    expect(errors).toEqual([]);
  });

  it('lets no unacknowledged breaking change between the routes and the committed document', async () => {
    // What `npm run openapi` would refuse to write, named here (the staleness itself is
    // tests/server/openApi.test.ts's).
    const { document } = await generateOpenApi();
    const changes = compareContracts(committed, JSON.parse(document));
    const { acknowledgements } = parseAcknowledgements(readFileSync(ACKNOWLEDGEMENTS_PATH, 'utf8'));
    const blocking = unacknowledged(changes, acknowledgements);
    const report = formatChanges(blocking, { against: DOCUMENT_PATH });
    expect(
      blocking.map((change) => change.line),
      report,
    ).toEqual([]);
  }, 60_000);
});
