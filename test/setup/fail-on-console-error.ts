import { afterEach, vi } from 'vitest'

/** docs/product.md#test-layers: an unexpected console.error fails the test. */
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const seen = errors
  errors = []
  if (seen.length) throw new Error(`console.error was called:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`)
})

export function expectConsoleError(run: () => unknown) {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    return run()
  } finally {
    spy.mockRestore()
  }
}
