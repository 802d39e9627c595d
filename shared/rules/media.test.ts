import { describe, expect, it } from 'vitest'
import { isMediaPath, MEDIA_WIDTHS, mediaRasterPath, mediaSources, mediaWidths, parseMediaPath } from './media.ts'

const hash = '0123456789abcdef0123456789abcdef'

describe('media addresses', () => {
  it('when a picture is wider than every width, then its copies are every width and the largest is the raster src', () => {
    expect(mediaWidths(4000)).toEqual([...MEDIA_WIDTHS])
    expect(mediaRasterPath(hash, 4000, 3000, 'jpg')).toBe(`/media/${hash}/4000x3000/1920.jpg`)
  })

  it('when a picture is narrow, then it is never enlarged: its own width is the last copy', () => {
    expect(mediaWidths(700)).toEqual([160, 320, 640, 700])
    expect(mediaWidths(640)).toEqual([160, 320, 640])
    expect(mediaWidths(90)).toEqual([90])
  })

  it('when sources are asked from a JPEG src, then AVIF, WebP and JPEG come in every width with their types', () => {
    const sources = mediaSources(`/media/${hash}/1000x500/1000.jpg`)
    expect(sources.map((source) => `${source.type} ${source.width} ${source.src}`)).toEqual([
      `image/avif 160 /media/${hash}/1000x500/160.avif`,
      `image/avif 320 /media/${hash}/1000x500/320.avif`,
      `image/avif 640 /media/${hash}/1000x500/640.avif`,
      `image/avif 960 /media/${hash}/1000x500/960.avif`,
      `image/avif 1000 /media/${hash}/1000x500/1000.avif`,
      `image/webp 160 /media/${hash}/1000x500/160.webp`,
      `image/webp 320 /media/${hash}/1000x500/320.webp`,
      `image/webp 640 /media/${hash}/1000x500/640.webp`,
      `image/webp 960 /media/${hash}/1000x500/960.webp`,
      `image/webp 1000 /media/${hash}/1000x500/1000.webp`,
      `image/jpeg 160 /media/${hash}/1000x500/160.jpg`,
      `image/jpeg 320 /media/${hash}/1000x500/320.jpg`,
      `image/jpeg 640 /media/${hash}/1000x500/640.jpg`,
      `image/jpeg 960 /media/${hash}/1000x500/960.jpg`,
      `image/jpeg 1000 /media/${hash}/1000x500/1000.jpg`,
    ])
  })

  it('when the src is a PNG (a picture with transparency), then the raster copies are PNG', () => {
    const types = new Set(mediaSources(`/media/${hash}/200x100/200.png`).map((source) => source.type))
    expect(types).toEqual(new Set(['image/avif', 'image/webp', 'image/png']))
  })

  it('when the src is not a media picture, then there are no sources', () => {
    for (const src of [
      '/demo/news/a.svg',
      `/media/${hash}/1000x500/999.jpg`, // a width that is never made
      `/media/${hash}/1000x500/1000.gif`,
      `/media/${hash.toUpperCase()}/1000x500/1000.jpg`,
      `/media/${hash}/0x500/160.jpg`,
      `/media/../${hash}/1000x500/1000.jpg`,
      `https://evil.example/media/${hash}/1000x500/1000.jpg`,
      `/media/${hash}/video.mp4`,
      '',
    ])
      expect(mediaSources(src)).toEqual([])
  })

  it('when a media address has a query, then it is still recognised; a video address is a video', () => {
    expect(isMediaPath(`/media/${hash}/1000x500/1000.jpg?x=1`)).toBe(true)
    expect(parseMediaPath(`/media/${hash}/video.webm`)).toEqual({ kind: 'video', hash, format: 'webm' })
    expect(isMediaPath(null)).toBe(false)
  })
})
