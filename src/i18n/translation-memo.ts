import type { i18n as I18n, TFunction } from 'i18next'

/** Above this many remembered answers a language's memo starts again (values from content vary). */
const MEMO_LIMIT = 20_000

/** What getFixedT returns, seen as a plain function (i18next's TFunction type is overloaded per key). */
type FixedT = ((...call: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown }

export interface TranslationMemo {
  answers: Map<string, string>
  /** Where a missing key goes while an i18next call runs; set around each call (t is synchronous). */
  reportMissing: ((key: string) => void) | null
  missed: boolean
}

export function createTranslationMemo(): TranslationMemo {
  return { answers: new Map(), reportMissing: null, missed: false }
}

/** The memo's i18next missing-key handler: the key goes to the request whose t() is running. */
export function missingKeyReporter(memo: TranslationMemo): (key: string) => void {
  return (key) => {
    memo.missed = true
    memo.reportMissing?.(key)
  }
}

/**
 * The options of a t() call as part of the memo's key, or null when the answer may depend on more
 * than plain values (objects, functions: formatters, `returnObjects`, selectors). JSON keeps two
 * different option sets apart whatever their strings contain.
 */
function optionsKey(options: unknown, rest: unknown[]): string | null {
  if (options === undefined && rest.length === 0) return ''
  const values = options !== null && typeof options === 'object' ? Object.values(options) : [options]
  for (const value of [...values, ...rest]) {
    if (value !== null && typeof value === 'object') return null
    if (typeof value === 'function') return null
  }
  return JSON.stringify([options, rest])
}

/**
 * A per-request view of an i18next instance that is shared by every request of one language (its
 * resources never change on the server). Its t() remembers answers in the language's memo, so a page
 * pays i18next's lookup, plural and interpolation work once per distinct call and process, not once
 * per call: i18next's own t() was about a third of a home render's CPU (docs/product.md#performance). Missing keys
 * are never remembered, so each request that meets one reports it.
 */
export function memoizedView(shared: I18n, memo: TranslationMemo, onMissingKey: (key: string) => void): I18n {
  const view = Object.create(shared) as I18n
  // Every useTranslation() of a render asks for its t(); one per scope serves the whole request.
  const scopes = new Map<string, TFunction>()
  // react-i18next passes a fourth argument ({ scopeNs }) that i18next's types do not declare.
  view.getFixedT = ((...args: unknown[]) => {
    const [lng, ns, keyPrefix, fixedOptions] = args as [unknown, unknown, unknown, { scopeNs?: unknown } | undefined]
    const scope = `${String(lng)}|${String(ns)}|${String(keyPrefix ?? '')}|${String(fixedOptions?.scopeNs ?? '')}|`
    const known = scopes.get(scope)
    if (known) return known
    const fixed = (shared.getFixedT as unknown as (...call: unknown[]) => FixedT)(...args)
    const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      const extra = typeof key === 'string' ? optionsKey(options, rest) : null
      const id = extra === null ? null : `${scope}${key as string}|${extra}`
      if (id !== null) {
        const remembered = memo.answers.get(id)
        if (remembered !== undefined) return remembered
      }
      memo.reportMissing = onMissingKey
      memo.missed = false
      let answer: unknown
      try {
        answer = fixed(key, options, ...rest)
      } finally {
        memo.reportMissing = null
      }
      if (id !== null && !memo.missed && typeof answer === 'string') {
        if (memo.answers.size >= MEMO_LIMIT) memo.answers.clear()
        memo.answers.set(id, answer)
      }
      return answer
    }
    const scoped = Object.assign(t, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix }) as unknown as TFunction
    scopes.set(scope, scoped)
    return scoped
  }) as I18n['getFixedT']
  return view
}
