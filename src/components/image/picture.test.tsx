import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Picture } from './picture.tsx'
import { PLACEHOLDER } from './placeholders.tsx'

describe('<Picture>', () => {
  it('when an image is below the fold, then it is lazy and keeps its width and height', () => {
    const html = renderToString(<Picture src="/demo/a.svg" alt="Stage" width={600} height={400} placeholder={PLACEHOLDER.article} />)
    expect(html).toContain('loading="lazy"')
    expect(html).toContain('width="600"')
    expect(html).toContain('height="400"')
    expect(html).toContain('alt="Stage"')
    expect(html).not.toContain('style=')
  })

  it('when it is the hero, then it loads eagerly with high priority', () => {
    const html = renderToString(<Picture src="/demo/a.svg" alt="" width={1200} height={675} placeholder={PLACEHOLDER.banner} priority />)
    expect(html).toContain('loading="eager"')
    expect(html).toMatch(/fetchpriority="high"/i)
  })

  it('when sources are given, then srcset and sizes describe them', () => {
    const html = renderToString(
      <Picture
        src="/a-800.jpg"
        alt="A"
        width={800}
        height={450}
        placeholder={PLACEHOLDER.article}
        sources={[
          { src: '/a-400.jpg', width: 400 },
          { src: '/a-800.jpg', width: 800 },
        ]}
        sizes="(min-width: 800px) 50vw, 100vw"
      />,
    )
    expect(html).toMatch(/srcSet="\/a-400.jpg 400w, \/a-800.jpg 800w"/i)
    expect(html).toContain('sizes="(min-width: 800px) 50vw, 100vw"')
  })

  it('when the image is missing, then the placeholder of its type takes the same box and carries the text alternative', () => {
    const html = renderToString(<Picture src={null} alt="Amelia Hart" width={96} height={96} placeholder={PLACEHOLDER.avatar} round />)
    expect(html).not.toContain('<img')
    expect(html).toContain('role="img"')
    expect(html).toContain('aria-label="Amelia Hart"')
    expect(html).toContain('width="96"')
    // The avatar glyph is a head and shoulders.
    expect(html).toContain('<circle cx="50" cy="38" r="16">')
  })

  it('when a decorative image is missing, then its placeholder is hidden from assistive technology', () => {
    const html = renderToString(<Picture src="" alt="" width={40} height={40} placeholder={PLACEHOLDER.icon} />)
    expect(html).toContain('aria-hidden="true"')
    expect(html).not.toContain('role="img"')
  })

  it('when the src is an uploaded picture, then AVIF and WebP sources and the raster srcset come from its address alone', () => {
    const hash = '0123456789abcdef0123456789abcdef'
    const html = renderToString(<Picture src={`/media/${hash}/1000x500/1000.jpg`} alt="Hall" width={640} height={320} placeholder={PLACEHOLDER.banner} />)
    const widths = (ext: string) => [160, 320, 640, 960, 1000].map((width) => `/media/${hash}/1000x500/${width}.${ext} ${width}w`).join(', ')
    expect(html).toContain(`<source type="image/avif" srcSet="${widths('avif')}" sizes="(max-width: 640px) 100vw, 640px"/>`)
    expect(html).toContain(`<source type="image/webp" srcSet="${widths('webp')}"`)
    expect(html).toMatch(new RegExp(`<img[^>]* src="/media/${hash}/1000x500/1000.jpg"[^>]* srcSet="${widths('jpg')}"`))
    expect(html).toContain('alt="Hall"')
    const sized = renderToString(
      <Picture src={`/media/${hash}/1000x500/1000.jpg`} alt="" width={640} height={320} sizes="33vw" placeholder={PLACEHOLDER.banner} />,
    )
    expect(sized).toContain('sizes="33vw"')
  })

  it('when the src is not uploaded media, then it stays a single <img> without a <picture>', () => {
    expect(renderToString(<Picture src="/demo/a.svg" alt="" width={10} height={10} placeholder={PLACEHOLDER.banner} />)).not.toContain('<picture')
  })

  it('when any of the eight types is asked for, then each draws something of its own', () => {
    const drawings = Object.values(PLACEHOLDER).map((type) => renderToString(<Picture src={null} alt="x" width={10} height={10} placeholder={type} />))
    expect(new Set(drawings).size).toBe(8)
  })
})
