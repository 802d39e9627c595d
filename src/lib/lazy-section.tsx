import { type ComponentType, createElement, lazy, useState } from 'react'
import { sectionLoaders } from './lazy-section-preload.ts'

// The console's entry takes both from here: its screens use parts so often that one chunk less is lighter.
export { preloadRenderedSections } from './lazy-section-preload.ts'

/**
 * A part of a page whose code loads on its own (docs/CONVENTIONS.md#lazy-sections).
 *
 * `React.lazy` alone is not enough for a part the server rendered: the browser would hydrate the page
 * without it and take the part over only when its chunk arrived, and until then the part is the
 * server's HTML, so what a visitor types there is wiped and a tap does nothing. Each part therefore
 * leaves an empty `<template data-lazy-section>` mark beside itself, and the browser entry loads every
 * marked part's chunk before it hydrates (`preloadRenderedSections`); a part first drawn later (after a
 * tap) loads as `React.lazy` does and shows its `Suspense` fallback meanwhile.
 */
export function lazySection<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  // A chunk that fails to load is the reload guard's (src/lib/chunk-reload.ts): a new build replaced it.
  const preload = () => (pending ??= load().then((component) => (loaded = component)))
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  sectionLoaders.set(name, preload)

  return function LazySection(props: P) {
    // Chosen once per mount: turning from the lazy wrapper into the component itself on a later render
    // would mount the part afresh and lose what was typed into it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return (
      <>
        <template data-lazy-section={name} />
        {createElement(Component, props)}
      </>
    )
  }
}
