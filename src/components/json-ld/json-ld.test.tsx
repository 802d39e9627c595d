import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { JsonLd } from './json-ld.tsx'

describe('<JsonLd>', () => {
  it('when data is rendered, then it is a schema.org ld+json element with the context added', () => {
    const html = renderToString(<JsonLd data={{ '@type': 'Event', name: 'Expo' }} />)
    expect(html).toMatch(/^<script type="application\/ld\+json">/)
    const json = JSON.parse(html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))
    expect(json).toEqual({ '@context': 'https://schema.org', '@type': 'Event', name: 'Expo' })
  })

  it('when a value tries to close the element, then it cannot', () => {
    const html = renderToString(<JsonLd data={{ name: '</script><script>alert(1)</script> & <!--' }} />)
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain('<!--')
    const json = JSON.parse(html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))
    expect(json.name).toBe('</script><script>alert(1)</script> & <!--')
  })
})
