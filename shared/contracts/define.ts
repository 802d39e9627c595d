import { z } from 'zod'
import { type Access, ENDPOINTS, type EndpointName, type FunctionAddress } from '../functions/gateway.ts'

/**
 * The platform's view of a function: its address (from shared/functions/<service>.ts) plus zod
 * schemas. The server registers these; pages use the zod-free references of src/api/<service>.ts.
 */

// The protocol itself is zod-free (shared/functions/gateway.ts); the server reads it through the contracts.
export {
  type Access,
  ENDPOINTS,
  type EndpointName,
  type Envelope,
  ERROR_CODES,
  type FieldErrors,
  type FunctionRef,
  type RefPayload,
  type RefResult,
} from '../functions/gateway.ts'

export interface Contract<
  Payload extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  Endpoint extends EndpointName = EndpointName,
  Route extends string | undefined = string | undefined,
  Who extends Access = Access,
> extends FunctionAddress<Endpoint, Route, Who> {
  payload: Payload
  result: Result
  /**
   * The answer depends only on the payload, the language and the country, never on the caller:
   * the platform may keep it this many seconds (dropped at once when content changes), so pages
   * that show it cost no database round trip (docs/product.md#performance).
   */
  cacheSeconds?: number
}

export type PayloadOf<C extends Contract> = z.input<C['payload']>
export type ParsedPayloadOf<C extends Contract> = z.output<C['payload']>
export type ResultOf<C extends Contract> = z.output<C['result']>

/** `defineContract({ ...TICKETS.createOrder, payload, result })`: the address comes from the service's function table. */
export function defineContract<
  Payload extends z.ZodType,
  Result extends z.ZodType,
  const Endpoint extends EndpointName,
  const Route extends string | undefined,
  const Who extends Access,
>(contract: Contract<Payload, Result, Endpoint, Route, Who>): Contract<Payload, Result, Endpoint, Route, Who> {
  if ((ENDPOINTS[contract.endpoint].method === 'POST') !== Boolean(contract.route)) {
    throw new Error(`contract on ${contract.endpoint}: a POST gateway needs a Routes name, a GET endpoint must not have one`)
  }
  return contract
}

/** A string field that is trimmed and whose length is bounded; messages are translation keys. */
export const text = (options: { min?: number; max: number; required?: string }) =>
  z
    .string({ error: options.required ?? 'errors.required' })
    .trim()
    .min(options.min ?? 0, options.required ?? 'errors.required')
    .max(options.max, 'errors.tooLong')
