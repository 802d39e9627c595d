import { scanAccessibility } from '../../scripts/axe-scan.ts'
import { expect, test } from './fixtures.ts'

/** The scan every spec relies on can fail: a check that finds nothing proves nothing. */
test.describe('the accessibility scan', () => {
  test('when the page or a same-origin frame breaks a rule, then the scan names it, and an excluded part is left out', async ({ page }) => {
    await page.goto('/en')
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.id = 'unlabelled-image'
      image.src = '/favicon.ico'
      document.body.append(image)
      const frame = document.createElement('iframe')
      frame.title = 'a frame'
      frame.srcdoc = '<!doctype html><html lang="en"><title>t</title><body><main><button id="nameless"></button></main></body></html>'
      document.body.append(frame)
      return new Promise((resolve) => frame.addEventListener('load', resolve))
    })
    const ids = async (exclude?: string[]) => (await scanAccessibility(page, exclude)).violations.map((violation) => violation.id)
    const found = await ids()
    expect(found).toContain('image-alt')
    expect(found).toContain('button-name')
    // A second scan of the same document reuses what the first put there and finds the same.
    expect(await ids()).toEqual(found)
    expect(await ids(['#unlabelled-image'])).not.toContain('image-alt')
  })
})
