/** How long a caller is asked to wait (`Retry-After`, in seconds) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/**
 * The database cannot be reached right now (refused, terminated, failed over, timed out): nothing is
 * wrong with the request, so callers answer 503 with `Retry-After` (docs/product.md#error-codes) and
 * the pool connects afresh on the next query.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** admin_shutdown (a terminated backend, a failover), crash_shutdown, cannot_connect_now (starting up), too_many_connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
// node-postgres says these in words only: a dropped socket, a pool wait or connect that timed out, a client used after its socket died.
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/** Whether `error` (or what caused it) says the database went away, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true
    const { code, message } = current as { code?: unknown; message?: unknown }
    // SQLSTATE class 08: connection exceptions.
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The same error, or, when it says the database went away, a DatabaseUnavailableError around it. */
export const typedDatabaseError = (error: unknown): unknown =>
  isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error
