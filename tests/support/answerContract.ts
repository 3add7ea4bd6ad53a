import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { answerKey, answerOf, answerSchemas } from '../../server/http/openApi';
import { violations } from './answerViolations';

export { takeAnswerViolations } from './answerViolations';

/**
 * Every answer a test server sends is held to the API's document (issue 32): the value of each
 * successful envelope is validated against the schema the document publishes for its route
 * (server/http/answerSchemas.json, generated from the handlers' types). A test whose server
 * answered off the contract fails after it (answerContractSetup.ts, Vitest's setup file), naming
 * the route and what differed, so the document is checked by every server test rather than by a
 * few chosen calls.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    // The route's schema refers to the named types as #/components/schemas/…: one root holds both.
    validate = ajv.compile({ ...schema, components: { schemas: answerSchemas.schemas } });
    validators.set(schema, validate);
  }
  return validate;
}

/** Checks every answer of this server; install before it listens. */
export function checkAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const url = request.routeOptions.url;
    if (!url) return payload;
    const key = answerKey(request.method === 'HEAD' ? 'GET' : request.method, url);
    const schema = answerOf(
      request.method === 'HEAD' ? 'GET' : request.method,
      url,
      request.routeOptions.config,
    );
    if (!schema) return payload;
    let body: { success?: unknown; value?: unknown };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      violations.push(`${key}: the answer is not JSON`);
      return payload;
    }
    if (body.success !== true) return payload;
    const validate = validatorFor(schema);
    if (!validate(body.value)) {
      violations.push(
        `${key}: ${ajv.errorsText(validate.errors, { dataVar: 'value', separator: '; ' })}`,
      );
    }
    return payload;
  });
}
