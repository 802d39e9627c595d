import { gzipSync } from 'node:zlib'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FloorPlan } from './floor-plan.tsx'
import { largeHall } from './large-hall.ts'

describe('<FloorPlan>', () => {
  it('when a plan is drawn, then each linked booth is named, the asked-for one marked, and no inline style is used', () => {
    const { hall, booths } = largeHall(500)
    const html = renderToString(<FloorPlan hall={hall} booths={booths.slice(0, 3)} title="Floor plan of hall A" highlight="A-2" />)
    expect(html).toContain('viewBox="0 0 810 930"')
    expect(html).toContain('<title id=')
    expect(html).toContain('aria-label="Booth A-1: Exhibitor Company Number 0 Ltd"')
    expect(html).toMatch(/id="booth-A-2"[^>]*aria-current="location"/)
    expect(html).not.toContain('style=')
  })

  it('when a free booth has no page, then it is no link and carries its name as a title', () => {
    const html = renderToString(
      <FloorPlan
        hall={{ width: 100, depth: 100, background: null }}
        booths={[{ number: 'B1', x: 0, y: 0, w: 30, h: 30, state: 'free', label: 'Booth B1: free', href: null }]}
        title="Plan"
      />,
    )
    expect(html).not.toContain('<a ')
    expect(html).toContain('<title>Booth B1: free</title>')
  })

  it('when 500 booths are drawn, then the plan weighs under 60 KB gzipped', () => {
    const { hall, booths } = largeHall(500)
    const html = renderToString(<FloorPlan hall={hall} booths={booths} title="Floor plan of hall A" />)
    expect(gzipSync(html).length).toBeLessThan(60 * 1024)
  })
})
