/**
 * The parts the page's modules declared (src/lib/lazy-section.tsx), by name. Apart from `lazySection`,
 * so that the entry, which every page loads, carries only this and the pages without such parts
 * nothing more.
 */
export const sectionLoaders = new Map<string, () => Promise<unknown>>()

/**
 * Loads the code of every part the server rendered into `root`, and of the parts those parts hold,
 * before the page is hydrated. A chunk that fails to load leaves its part to hydrate late, as before.
 */
export async function preloadRenderedSections(root: ParentNode): Promise<void> {
  // A part's module may declare the parts inside it: go on while loading made more marks known.
  for (let known = -1; ; ) {
    const preloads = [...root.querySelectorAll<HTMLElement>('[data-lazy-section]')].flatMap(
      (mark) => sectionLoaders.get(mark.dataset.lazySection as string) ?? [],
    )
    if (preloads.length === known) return
    known = preloads.length
    await Promise.allSettled(preloads.map((preload) => preload()))
  }
}
