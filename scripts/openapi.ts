// The platform's functions as an OpenAPI 3.1 document, generated from their one declaration: the
// function tables of shared/functions/ (where and as whom) and the contracts of shared/contracts/ (the
// zod schemas). `npm run openapi` writes docs/openapi.json; a unit test fails when the two drift.
//
// On a POST gateway the `Routes` header picks the function, so one gateway is one OpenAPI operation:
// its `Routes` header lists every function on it, the body is one of their payloads, and
// `x-functions` maps each route to its payload, result and access. GET endpoints are one path each,
// their payload as query parameters.
import { readdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { z } from 'zod'
import { type Contract, ENDPOINTS, ERROR_CODES } from '../shared/contracts/define.ts'

const CONTRACTS_DIR = fileURLToPath(new URL('../shared/contracts/', import.meta.url))
export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url))

type JsonSchema = Record<string, unknown>

const isContract = (value: unknown): value is Contract => {
  const candidate = value as Partial<Contract> | null
  return typeof candidate?.endpoint === 'string' && candidate.payload instanceof z.ZodType && candidate.result instanceof z.ZodType
}

/** Every contract of shared/contracts/, by service file and export name, in a stable order. */
export async function allContracts(): Promise<Array<{ service: string; name: string; contract: Contract }>> {
  const found: Array<{ service: string; name: string; contract: Contract }> = []
  for (const file of readdirSync(CONTRACTS_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(`${CONTRACTS_DIR}${file}`).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module).sort(([a], [b]) => a.localeCompare(b))) {
      if (isContract(value)) found.push({ service: file.replace(/\.ts$/, ''), name, contract: value })
    }
  }
  return found
}

/**
 * A schema as JSON Schema; what JSON cannot say (a transform's output, a Date) is left open. Shapes a
 * schema repeats become components of their own (`<id>.<name>`): a `#/$defs/` reference inside a
 * component would resolve against the document's root.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', id: string, components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'ref', cycles: 'ref' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>
  }
  const hoist = (value: JsonSchema) =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_match, name: string) => JSON.stringify(`#/components/schemas/${id}.${name}`)),
    ) as JsonSchema
  for (const [name, definition] of Object.entries($defs ?? {})) components[`${id}.${name}`] = hoist(definition)
  return hoist(rest)
}

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['succeed', 'ErrorCode', 'data'],
  properties: {
    succeed: { type: 'boolean' },
    ErrorCode: { type: 'integer', enum: Object.values(ERROR_CODES) },
    data,
    message: { type: 'string', description: 'A translation key when the call failed.' },
    requestId: { type: 'string' },
  },
})

const componentName = (route: string) => route.replace(/[^A-Za-z0-9._-]/g, '_')

const SECURITY: Record<string, Array<Record<string, string[]>>> = {
  public: [],
  visitor: [{ accessToken: [] }],
  user: [{ accessToken: [] }],
  server: [{ accessToken: [] }],
  staff: [{ staffSession: [] }],
}

export async function openApiDocument(): Promise<JsonSchema> {
  const schemas: Record<string, JsonSchema> = {}
  const paths: Record<string, JsonSchema> = {}
  const gateways = new Map<string, Array<{ route: string; access: string; cacheSeconds?: number }>>()
  for (const { service, name, contract } of await allContracts()) {
    const endpoint = ENDPOINTS[contract.endpoint]
    const id = componentName(`${contract.endpoint}.${contract.route ?? name}`)
    schemas[`${id}.payload`] = jsonSchema(contract.payload, 'input', `${id}.payload`, schemas)
    schemas[`${id}.result`] = envelope(jsonSchema(contract.result, 'output', `${id}.result`, schemas))
    if (endpoint.method === 'POST') {
      const list = gateways.get(contract.endpoint) ?? []
      list.push({ route: contract.route as string, access: contract.access, ...(contract.cacheSeconds ? { cacheSeconds: contract.cacheSeconds } : {}) })
      gateways.set(contract.endpoint, list)
      continue
    }
    const payload = schemas[`${id}.payload`] as { properties?: Record<string, JsonSchema>; required?: string[] }
    paths[endpoint.path] = {
      get: {
        operationId: `${service}.${name}`,
        tags: [service],
        'x-access': contract.access,
        security: SECURITY[contract.access],
        parameters: Object.entries(payload.properties ?? {}).map(([field, schema]) => ({
          in: 'query',
          name: field,
          required: payload.required?.includes(field) ?? false,
          schema,
        })),
        responses: {
          '200': { description: 'The envelope with the result.', content: { 'application/json': { schema: { $ref: `#/components/schemas/${id}.result` } } } },
        },
      },
    }
  }
  for (const [endpointName, functions] of [...gateways.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const routes = functions.map((entry) => entry.route).sort()
    paths[ENDPOINTS[endpointName as keyof typeof ENDPOINTS].path] = {
      post: {
        operationId: `gateway.${endpointName}`,
        summary: `The ${endpointName} gateway: the Routes header picks the function (x-functions).`,
        parameters: [{ in: 'header', name: 'Routes', required: true, schema: { type: 'string', enum: routes } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { oneOf: routes.map((route) => ({ $ref: `#/components/schemas/${componentName(`${endpointName}.${route}`)}.payload` })) },
            },
          },
        },
        responses: {
          '200': {
            description: 'The envelope with the result of the function the Routes header named.',
            content: {
              'application/json': {
                schema: { oneOf: routes.map((route) => ({ $ref: `#/components/schemas/${componentName(`${endpointName}.${route}`)}.result` })) },
              },
            },
          },
          default: { description: 'The envelope with ErrorCode, the HTTP status, and a translation key in message.' },
        },
        'x-functions': Object.fromEntries(
          functions
            .sort((a, b) => a.route.localeCompare(b.route))
            .map((entry) => [
              entry.route,
              {
                access: entry.access,
                security: SECURITY[entry.access],
                payload: { $ref: `#/components/schemas/${componentName(`${endpointName}.${entry.route}`)}.payload` },
                result: { $ref: `#/components/schemas/${componentName(`${endpointName}.${entry.route}`)}.result` },
                ...(entry.cacheSeconds ? { cacheSeconds: entry.cacheSeconds } : {}),
              },
            ]),
        ),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exhibition platform functions',
      version: '1',
      description:
        'Generated by scripts/openapi.ts from shared/functions/ and shared/contracts/; see docs/CONVENTIONS.md#a-platform-function-server-side-end-to-end',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', description: 'A visitor or user access token (docs/product.md#tokens).' },
        staffSession: { type: 'apiKey', in: 'cookie', name: 'staff', description: 'A staff session, with the console request header and a matching Origin.' },
      },
    },
  }
}

export const openApiText = async () => `${JSON.stringify(await openApiDocument(), null, 2)}\n`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OPENAPI_FILE, await openApiText())
  console.log(`wrote ${OPENAPI_FILE}`)
}
