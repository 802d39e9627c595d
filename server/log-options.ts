import { createRequire } from 'node:module'
import type { LoggerOptions } from 'pino'

const require = createRequire(import.meta.url)

function resolveInstalled(name: string): string | null {
  try {
    return require.resolve(name)
  } catch {
    return null
  }
}

/**
 * The logger's options. Production logs JSON lines (docs/going-live.md); development asks for
 * pino-pretty, a dev dependency that an image pruned with `--omit=dev` does not have: then the
 * logs stay JSON and `notice` says why, instead of pino's worker failing to find its target.
 */
export function loggerOptions(
  config: { LOG_LEVEL: LoggerOptions['level']; NODE_ENV: string },
  resolve: (name: string) => string | null = resolveInstalled,
): { options: LoggerOptions; notice: string | null } {
  const options: LoggerOptions = { level: config.LOG_LEVEL }
  if (config.NODE_ENV !== 'development') return { options, notice: null }
  const pretty = resolve('pino-pretty')
  if (!pretty) {
    return {
      options,
      notice:
        'NODE_ENV=development asks for readable logs, but pino-pretty (a dev dependency) is not installed: logging JSON lines. Run `npm install` without --omit=dev for readable logs.',
    }
  }
  return { options: { ...options, transport: { target: pretty } }, notice: null }
}
