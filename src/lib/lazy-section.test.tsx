import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { describe, expect, it } from 'vitest'
import { lazySection } from './lazy-section.tsx'
import { preloadRenderedSections } from './lazy-section-preload.ts'

/** A stand-in for the document: only what the preloader reads of it, from the server's HTML. */
function documentOf(html: string): ParentNode {
  const names = [...html.matchAll(/<template data-lazy-section="([^"]+)"><\/template>/g)].map((match) => match[1] ?? '')
  return { querySelectorAll: () => names.map((name) => ({ dataset: { lazySection: name } })) } as unknown as ParentNode
}

async function htmlOf(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerender(element)
  return new Response(prelude).text()
}

describe('lazySection', () => {
  it('renders the part with its mark on the server, once its code has come', async () => {
    const Greeting = lazySection('test/greeting', async () => ({ name }: { name: string }) => <p>Hello {name}</p>)
    const html = await htmlOf(
      <Suspense fallback={<p>loading</p>}>
        <Greeting name="王小明" />
      </Suspense>,
    )
    expect(html).toContain('<template data-lazy-section="test/greeting"></template><p>Hello <!-- -->王小明</p>')
    expect(html).not.toContain('loading')
  })

  it('loads before hydrating every marked part and the parts inside them, and only those', async () => {
    const loads: string[] = []
    const Outer = lazySection('test/outer', async () => {
      loads.push('outer')
      // The inner part is declared by the outer part's module, as a nested chunk is.
      const Inner = lazySection('test/inner', async () => {
        loads.push('inner')
        return () => <span>inner</span>
      })
      return () => <Inner />
    })
    lazySection('test/unused', async () => {
      loads.push('unused')
      return () => null
    })
    // What the server sent: both parts marked, neither fetched yet in this browser.
    await preloadRenderedSections(documentOf('<template data-lazy-section="test/outer"></template><template data-lazy-section="test/inner"></template>'))
    expect(loads).toEqual(['outer', 'inner'])
    // Loaded, the parts render at once, with no fallback, as hydrating needs.
    expect(
      renderToString(
        <Suspense fallback={<i>wait</i>}>
          <Outer />
        </Suspense>,
      ),
    ).toContain('<span>inner</span>')
  })

  it('lets the page hydrate when a part cannot be fetched', async () => {
    const Broken = lazySection('test/broken', async () => {
      throw new Error('chunk failed')
    })
    await expect(preloadRenderedSections(documentOf('<template data-lazy-section="test/broken"></template>'))).resolves.toBeUndefined()
    expect(
      renderToString(
        <Suspense fallback={<i>wait</i>}>
          <FreshHost Part={Broken} />
        </Suspense>,
      ),
    ).toContain('wait')
  })
})

function FreshHost({ Part }: { Part: React.ComponentType }) {
  return <Part />
}
