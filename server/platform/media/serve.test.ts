import { describe, expect, it } from 'vitest'
import { parseRange } from './serve.ts'
import { mediaKeyOf } from './storage.ts'
import { videoFormatOf } from './upload.ts'

describe('byte ranges of a media file', () => {
  it('when one range is asked, then it is clamped to the file; a suffix counts from the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 })
  })

  it('when a range starts past the end or is empty, then it cannot be satisfied', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable')
  })

  it('when the header is absent, malformed, backwards or asks several ranges, then the whole file is sent', () => {
    for (const header of [undefined, '', 'bytes=-', 'items=0-9', 'bytes=9-0', 'bytes=0-1,5-6', 'bytes=a-b'])
      expect(parseRange(header, 100), String(header)).toBeNull()
  })
})

describe('media keys', () => {
  const hash = '0123456789abcdef0123456789abcdef'
  it('when a path has a shape we make, then it is a key; anything else is not', () => {
    expect(mediaKeyOf(`/media/${hash}/200x100/160.webp`)).toBe(`${hash}/200x100/160.webp`)
    expect(mediaKeyOf(`/media/${hash}/video.webm`)).toBe(`${hash}/video.webm`)
    for (const path of [
      `/media/${hash}/../../etc/passwd`,
      `/media/${hash}/200x100/160.svg`,
      `/media/${hash}/video.mov`,
      '/media/x',
      `/media/${hash}/200x100/160.webp/`,
      // A private document (the exhibitor manual) is stored beside the media but never served from /media/.
      `/media/documents/${hash}.pdf`,
      `/media/${hash}.pdf`,
    ])
      expect(mediaKeyOf(path), path).toBeNull()
  })
})

describe('video containers', () => {
  const box = (brand: string, size = 24) => Buffer.concat([Buffer.from([0, 0, 0, size]), Buffer.from(`ftyp${brand}`), Buffer.alloc(52)])
  it('when an MP4 box names a video brand, then it is MP4; QuickTime, HEIF and AVIF brands are not videos', () => {
    for (const brand of ['isom', 'mp42', 'avc1', 'iso5']) expect(videoFormatOf(box(brand)), brand).toBe('mp4')
    for (const brand of ['qt  ', 'heic', 'avif', 'mif1']) expect(videoFormatOf(box(brand)), brand).toBeNull()
    expect(videoFormatOf(box('isom', 7))).toBeNull()
  })

  it('when an EBML header says webm, then it is WebM; other Matroska is not', () => {
    const ebml = (docType: string) =>
      Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType), Buffer.alloc(40)])
    expect(videoFormatOf(ebml('webm'))).toBe('webm')
    expect(videoFormatOf(ebml('matroska'))).toBeNull()
    expect(videoFormatOf(Buffer.from('<!doctype html>'))).toBeNull()
  })
})
