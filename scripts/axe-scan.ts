import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Runs axe-core once in the page, every rule it runs by default (WCAG 2.x A and AA and its best
 * practices), and returns the violations only.
 *
 * Axe's own Playwright wrapper sent its 550 KB source to the main frame twice per scan and set up a
 * partial run; here the source goes to each frame of a document once (a second scan of the same
 * document finds it there) and one `axe.run` in the main frame reaches the same-origin frames, as the
 * wrapper's legacy mode did: a scan costs about 0.47 s of a test instead of 0.77 s
 * (docs/performance.md#the-test-suites-time). Our one frame, the login frame, is served from the
 * site's own origin.
 */
export async function scanAccessibility(page: Page, exclude: string[] = []): Promise<AxeResults> {
  for (const frame of page.frames()) {
    try {
      if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE)
      await frame.evaluate(`axe.configure({ allowedOrigins: ['<same_origin>'] })`)
    } catch {
      // A frame that went away or is still on about:blank has nothing to check; the main frame's
      // run below fails loudly if the page itself cannot be scanned.
    }
  }
  return page.evaluate(async (exclude) => {
    // Colours are read as they are painted: a toast still fading in fails contrast though a person
    // only ever reads it once it has. Running finite animations end first; a spinner's never does.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
    return window.axe.run({ include: [], exclude }, { resultTypes: ['violations'] })
  }, exclude)
}

declare global {
  interface Window {
    axe: typeof import('axe-core')
  }
}
