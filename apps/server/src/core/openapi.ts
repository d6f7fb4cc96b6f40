import { endpointUrl, type EndpointDefinition, inputSource, pathParams } from '@boreline/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

/** The input's fields as parameters: those named in the path (`:token`) in the path, the others in the query when `inQuery`. */
function inputParameters(schema: JsonSchema, inPath: readonly string[], inQuery: boolean | 'optional') {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties)
    .filter(([name]) => inQuery || inPath.includes(name))
    .map(([name, property]) => ({
      name,
      in: inPath.includes(name) ? 'path' : 'query',
      required: inPath.includes(name) || (inQuery === true && required.includes(name)),
      schema: property,
    }));
}

/** An address in OpenAPI's form: `:token` segments written `{token}`. */
const openApiPath = (url: string): string => url.replace(/\/:([A-Za-z][A-Za-z0-9_]*)/g, '/{$1}');

/** The OpenAPI 3.1 document of every registered contract. */
export function buildOpenApi(endpoints: readonly EndpointDefinition[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const input = toSchema(endpoint.input, 'input');
    const operation: Record<string, unknown> = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.id.split('.')[0]],
      'x-permission': endpoint.permission,
      security: endpoint.permission === 'public' ? [] : [{ session: [] }],
      parameters: [
        { name: 'lang', in: 'header', required: false, schema: { type: 'string', default: 'en_US' } },
        // Fields that may come in the query string or the body are optional in each.
        ...inputParameters(input, pathParams(endpoint), inputSource(endpoint) === 'query' ? true : inputSource(endpoint) === 'queryAndBody' ? 'optional' : false),
      ],
      responses: {
        200:
          endpoint.response === 'raw'
            ? { description: 'File', content: { [endpoint.rawContentType ?? 'application/octet-stream']: {} } }
            : {
                description: 'Envelope: code 0 success, 1 session, 2 permission, 3 message for the caller',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['code', 'msg', 'data'],
                      properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: toSchema(endpoint.output, 'output') },
                    },
                  },
                },
              },
      },
    };
    if (inputSource(endpoint) === 'body') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    if (inputSource(endpoint) === 'queryAndBody') {
      operation.requestBody = { required: false, content: { 'application/json': { schema: input } } };
    }
    if (inputSource(endpoint) === 'form') {
      operation.requestBody = { required: true, content: { 'application/x-www-form-urlencoded': { schema: input }, 'application/json': { schema: input } } };
    }
    if (inputSource(endpoint) === 'multipart') {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } },
      };
    }
    const url = openApiPath(endpointUrl(endpoint));
    paths[url] = { ...paths[url], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Boreline API',
      version,
      description:
        'Main service (/server_main) and project service (/server_project). Every JSON answer is {code,msg,data}; msg follows the lang header.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths,
  };
}
