const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Chrome (headless)'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/**
 * A session's device as a person recognises it ("Chrome 126 · Windows") from the user agent the
 * platform recorded; the whole string stays available beside it. Nothing recognised: the string itself.
 */
export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1]
  const name = browser ? `${browser[1]} ${browser[0].exec(userAgent)?.[1] ?? ''}`.trim() : undefined
  return [name, system].filter(Boolean).join(' · ') || userAgent
}
