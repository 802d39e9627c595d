import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { MEDIA_LIMITS, MEDIA_UPLOAD_PATH, type MediaItem } from '../../shared/rules/media.ts'
import { SOCIAL_IMAGE, socialImagePath } from '../../shared/rules/social-images.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, SITE, type SignedInMember, setUpMember } from './console-helpers.ts'
import { startS3StandIn } from './s3-stand-in.ts'

/**
 * The media library (docs/product.md#console-media): uploads checked by content and made into the
 * copies pages use, stored on disk or in S3, served with the right types, ranges and caching; alt text
 * per language; deletion refused while a page shows the item. Every change audited.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'media-test-'))
let app: App
let db: Database
let editor: SignedInMember

beforeAll(async () => {
  ;({ app, db } = await createTestApp({ env: { DATA_DIR: dataDir } }))
})

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

beforeEach(async () => {
  await resetDatabase(db)
  editor = await setUpMember(app, db, ['editor'])
})

function upload(bytes: Buffer, filename: string, member: SignedInMember | null = editor, target: App = app, path = MEDIA_UPLOAD_PATH) {
  let call = request(target).post(path).set('X-Console-Request', '1').set('Origin', SITE)
  if (member) call = call.set('Cookie', member.cookie)
  return call.attach('file', bytes, { filename, contentType: 'application/octet-stream' })
}
const call = (name: string, payload: unknown, member = editor) => consoleCall(app, name, payload, { cookie: member.cookie })
const auditOf = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

const photo = (width: number, height: number, colour = '#2a6f97') => sharp({ create: { width, height, channels: 3, background: colour } })
const jpeg = (width = 1000, height = 600, colour?: string) => photo(width, height, colour).jpeg().toBuffer()
const transparentPng = () =>
  sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer()

/** A PNG whose header claims this size (sharp reads the header before any pixel). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  )
  // IHDR: length(4) "IHDR"(4) width(4) height(4) ...(5) crc(4), right after the 8-byte signature.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

/** A small MP4: an `ftyp` box with a video brand, then a `free` and an `mdat` box. */
function mp4(payload = 'video frames') {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')])
  const data = Buffer.from(payload.repeat(500))
  const mdat = Buffer.concat([Buffer.alloc(4), Buffer.from('mdat'), data])
  mdat.writeUInt32BE(mdat.length, 0)
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('free'), mdat])
}

/** An EBML header with this DocType, then some bytes. */
function ebml(docType: string) {
  const type = Buffer.from(docType)
  const body = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | type.length]), type])
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(4000, 7)])
}

describe('uploading pictures', () => {
  it('when an editor uploads a JPEG, then its copies are made in every width and format, served with their types, cached for a year, and the upload is audited', async () => {
    const answer = await upload(await jpeg(1000, 600), 'Hall A.jpg')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.headers['cache-control']).toBe('private, no-store')
    const item = answer.body.data as MediaItem
    expect(item).toMatchObject({ kind: 'image', width: 1000, height: 600, name: 'Hall A.jpg', alt: {} })
    expect(item.src).toBe(`/media/${item.id}/1000x600/1000.jpg`)
    expect(item.sources.map((source) => `${source.type} ${source.width}`)).toEqual(
      ['image/avif', 'image/webp', 'image/jpeg'].flatMap((type) => [160, 320, 640, 960, 1000].map((width) => `${type} ${width}`)),
    )
    for (const source of item.sources) {
      const file = await request(app).get(source.src).buffer(true)
      expect(file.status, source.src).toBe(200)
      expect(file.headers['content-type']).toBe(source.type)
      expect(file.headers['x-content-type-options']).toBe('nosniff')
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const metadata = await sharp(file.body as Buffer).metadata()
      expect({ format: metadata.format === 'heif' ? 'image/avif' : `image/${metadata.format}`, width: metadata.width }).toEqual({
        format: source.type,
        width: source.width,
      })
    }
    const [entry] = await auditOf('console$saveMedia')
    expect(entry).toMatchObject({ staff_id: editor.id, target: `media:${item.id}`, before: null, after: { kind: 'image', src: item.src, name: 'Hall A.jpg' } })
  })

  it('when the same file is uploaded twice, then it is the same item, stored and audited once', async () => {
    const bytes = await jpeg(500, 500)
    const first = await upload(bytes, 'one.jpg')
    const second = await upload(bytes, 'two.jpg')
    expect(second.status).toBe(200)
    expect(second.body.data.id).toBe(first.body.data.id)
    expect(second.body.data.name).toBe('one.jpg')
    expect((await db.query('select id from media_items')).rows).toHaveLength(1)
    expect(await auditOf('console$saveMedia')).toHaveLength(1)
  })

  it('when a PNG is renamed .jpg, then it is accepted by its content; with transparency its raster is PNG', async () => {
    const answer = await upload(await transparentPng(), 'logo.jpg')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data.src).toMatch(/\/400x300\/400\.png$/)
    const raster = await request(app).get(answer.body.data.src).buffer(true)
    expect(raster.headers['content-type']).toBe('image/png')
    expect((await sharp(raster.body as Buffer).metadata()).hasAlpha).toBe(true)
  })

  it('when WebP, AVIF and GIF files arrive, then each is accepted (a GIF by its first frame) and an opaque picture gets a JPEG raster', async () => {
    const webp = await photo(300, 200).webp().toBuffer()
    const avif = await photo(300, 200).avif().toBuffer()
    const gif = await photo(300, 200).gif().toBuffer()
    for (const [bytes, name] of [
      [webp, 'a.webp'],
      [avif, 'b.avif'],
      [gif, 'c.gif'],
    ] as const) {
      const answer = await upload(bytes, name)
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200)
      expect(answer.body.data.src, name).toMatch(/\/300x200\/300\.jpg$/)
    }
  })

  it('when a photo has an EXIF orientation and GPS position, then the copies are upright and carry no metadata at all', async () => {
    const bytes = await photo(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Artist: 'Someone', Copyright: 'x' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' },
      })
      .toBuffer()
    const before = await sharp(bytes).metadata()
    expect(before.orientation).toBe(6)
    expect(before.exif?.length ?? 0).toBeGreaterThan(0)
    const answer = await upload(bytes, 'phone.jpg')
    const item = answer.body.data as MediaItem
    expect([item.width, item.height]).toEqual([200, 300])
    for (const source of item.sources) {
      const file = await request(app).get(source.src).buffer(true)
      const metadata = await sharp(file.body as Buffer).metadata()
      expect([metadata.width, metadata.height], source.src).toEqual([source.width, Math.round((300 * source.width) / 200)])
      expect(metadata.exif, source.src).toBeUndefined()
      expect(metadata.xmp, source.src).toBeUndefined()
      expect(metadata.orientation, source.src).toBeUndefined()
      expect((file.body as Buffer).includes(Buffer.from('Someone')), source.src).toBe(false)
    }
  })

  it('when a file is not a picture we take, then it is refused with a translated 4xx, never a 500, and nothing is stored', async () => {
    const cases: Array<[Buffer, string, number, string]> = [
      [Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'cute-cat.png', 415, 'console:errors.mediaNotImage'],
      [
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
        'logo.png',
        415,
        'console:errors.mediaSvg',
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg', 415, 'console:errors.mediaSvg'],
      [Buffer.from('%PDF-1.7\n%%EOF\n'), 'doc.jpg', 415, 'console:errors.mediaNotImage'],
      [(await jpeg(400, 300)).subarray(0, 300), 'cut.jpg', 415, 'console:errors.mediaNotImage'],
      [await photo(40, 30).tiff().toBuffer(), 'scan.jpg', 415, 'console:errors.mediaNotImage'],
      [Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypqt  '), Buffer.alloc(4000)]), 'clip.mp4', 415, 'console:errors.mediaNotImage'],
      [ebml('matroska'), 'clip.webm', 415, 'console:errors.mediaNotImage'],
      [Buffer.alloc(0), 'empty.jpg', 400, 'console:errors.mediaNoFile'],
    ]
    for (const [bytes, name, status, message] of cases) {
      const answer = await upload(bytes, name)
      expect([answer.status, answer.body.message], name).toEqual([status, message])
    }
    expect((await db.query('select id from media_items')).rows).toHaveLength(0)
    expect(readdirSync(join(dataDir, 'media-uploads'))).toEqual([])
  })

  it('when a picture is too large in bytes or in pixels, or too tall for any copy, then it is refused in words (with the limit)', async () => {
    const huge = Buffer.concat([await jpeg(100, 100), Buffer.alloc(MEDIA_LIMITS.imageMb * 1024 * 1024)])
    const tooLarge = await upload(huge, 'huge.jpg')
    expect([tooLarge.status, tooLarge.body.message, tooLarge.body.data]).toEqual([413, 'console:errors.mediaTooLarge', { maxMb: MEDIA_LIMITS.imageMb }])
    const bomb = await upload(await pngClaiming(20_000, 20_000), 'bomb.png')
    expect([bomb.status, bomb.body.message, bomb.body.data]).toEqual([413, 'console:errors.mediaTooManyPixels', { megapixels: 64 }])
    const ribbon = await upload(await photo(2, 20_000).png().toBuffer(), 'ribbon.png')
    expect([ribbon.status, ribbon.body.message]).toEqual([415, 'console:errors.mediaTooTall'])
  })

  it('when a file name is hostile, then it is kept as plain text without its path, controls or direction overrides', async () => {
    const answer = await upload(await jpeg(100, 80), '..\\..\\etc/\u202e<img src=x onerror=alert(1)>gpj.png\u2066')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data.name).toBe('<img src=x onerror=alert(1)>gpj.png')
  })

  it('when the caller is not an editor, not signed in, or not the console page, then the upload is refused before the file is read', async () => {
    const bytes = await jpeg(100, 100)
    const support = await setUpMember(app, db, ['support'])
    expect([(await upload(bytes, 'a.jpg', support)).status, (await upload(bytes, 'a.jpg', support)).body.message]).toEqual([403, 'errors.forbidden'])
    expect((await upload(bytes, 'a.jpg', null)).status).toBe(401)
    const foreign = await request(app)
      .post(MEDIA_UPLOAD_PATH)
      .set('X-Console-Request', '1')
      .set('Origin', 'https://evil.example')
      .set('Cookie', editor.cookie)
      .attach('file', bytes, 'a.jpg')
    expect(foreign.status).toBe(403)
    const noHeader = await request(app).post(MEDIA_UPLOAD_PATH).set('Origin', SITE).set('Cookie', editor.cookie).attach('file', bytes, 'a.jpg')
    expect(noHeader.status).toBe(403)
    const owner = await setUpMember(app, db, ['owner'])
    expect((await upload(bytes, 'a.jpg', owner)).status).toBe(200)
  })
})

describe('serving media', () => {
  it('when an address is unknown, malformed or tries to leave the media folder, then it is a plain 404', async () => {
    const item = (await upload(await jpeg(200, 100), 'a.jpg')).body.data as MediaItem
    for (const path of [
      `/media/${'0'.repeat(32)}/200x100/200.jpg`,
      `/media/${item.id}/200x100/150.jpg`,
      `/media/${item.id}/200x100/200.gif`,
      '/media/../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      `/media/${item.id}/..%2f..%2f..%2fpackage.json`,
      '/media/',
      '/media/x',
    ]) {
      const answer = await request(app).get(path)
      expect(answer.status, path).toBe(404)
      expect(answer.text, path).not.toContain('"name"')
    }
    expect((await request(app).post(item.src)).status).toBe(405)
  })

  it('when two instances share DATA_DIR, then a file uploaded through one is served by the other with the same ETag', async () => {
    const item = (await upload(await jpeg(300, 200, '#00aa55'), 'shared.jpg')).body.data as MediaItem
    const other = await createTestApp({ env: { DATA_DIR: dataDir } })
    try {
      const here = await request(app).get(item.src).buffer(true)
      const there = await request(other.app).get(item.src).buffer(true)
      expect(there.status).toBe(200)
      expect(there.body).toEqual(here.body)
      expect(there.headers.etag).toBe(here.headers.etag)
    } finally {
      await other.platform.close()
    }
  })

  it('when a copy is asked with HEAD, a range or its ETag, then it answers like a file server', async () => {
    const item = (await upload(await jpeg(200, 100), 'a.jpg')).body.data as MediaItem
    const whole = await request(app).get(item.src).buffer(true)
    const head = await request(app).head(item.src)
    expect([head.status, head.headers['content-length'], head.headers['content-type']]).toEqual([200, String((whole.body as Buffer).length), 'image/jpeg'])
    const part = await request(app).get(item.src).set('Range', 'bytes=2-9').buffer(true)
    expect([part.status, part.headers['content-range']]).toEqual([206, `bytes 2-9/${(whole.body as Buffer).length}`])
    expect(part.body).toEqual((whole.body as Buffer).subarray(2, 10))
    const again = await request(app)
      .get(item.src)
      .set('If-None-Match', whole.headers.etag as string)
    expect(again.status).toBe(304)
  })
})

describe('videos', () => {
  it('when an MP4 is uploaded, then it is stored by its content and served with ranges so a player can seek', async () => {
    const bytes = mp4()
    const answer = await upload(bytes, 'keynote.mov')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const item = answer.body.data as MediaItem
    expect(item).toMatchObject({ kind: 'video', width: 0, height: 0, sources: [], bytes: bytes.length, name: 'keynote.mov' })
    expect(item.src).toBe(`/media/${item.id}/video.mp4`)
    const whole = await request(app).get(item.src).buffer(true)
    expect([whole.status, whole.headers['content-type'], whole.headers['accept-ranges']]).toEqual([200, 'video/mp4', 'bytes'])
    expect(whole.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'")
    expect(whole.body).toEqual(bytes)
    const tail = await request(app).get(item.src).set('Range', 'bytes=-100').buffer(true)
    expect([tail.status, tail.headers['content-range'], tail.headers['content-length']]).toEqual([
      206,
      `bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`,
      '100',
    ])
    const open = await request(app)
      .get(item.src)
      .set('Range', `bytes=${bytes.length - 10}-`)
      .buffer(true)
    expect(open.body).toEqual(bytes.subarray(bytes.length - 10))
    const beyond = await request(app).get(item.src).set('Range', `bytes=${bytes.length}-`)
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${bytes.length}`])
    expect(readdirSync(join(dataDir, 'media-uploads'))).toEqual([])
  })

  it('when an instance starts, then spool files a stopped upload left a day ago are removed and recent ones kept', async () => {
    const spool = join(dataDir, 'media-uploads')
    mkdirSync(spool, { recursive: true })
    writeFileSync(join(spool, 'old.mp4'), 'left behind')
    writeFileSync(join(spool, 'new.mp4'), 'arriving now')
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
    utimesSync(join(spool, 'old.mp4'), twoDaysAgo, twoDaysAgo)
    const other = await createTestApp({ env: { DATA_DIR: dataDir } })
    await expect.poll(() => readdirSync(spool)).toEqual(['new.mp4'])
    rmSync(join(spool, 'new.mp4'))
    await other.platform.close()
  })

  it('when a request says it is larger than a video may be, then it is refused before its body is read', async () => {
    const server = app.listen(0, '127.0.0.1')
    try {
      await new Promise((resolve) => server.once('listening', resolve))
      const { port } = server.address() as AddressInfo
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const call = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: MEDIA_UPLOAD_PATH,
          headers: {
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String((MEDIA_LIMITS.videoMb + 1) * 1024 * 1024),
            'X-Console-Request': '1',
            Origin: SITE,
            Cookie: editor.cookie,
          },
        })
        call.on('response', (response) => {
          let body = ''
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        })
        call.on('error', reject)
        // Only the start of the promised body is ever sent.
        call.write('--x\r\n')
      })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toMatchObject({ message: 'console:errors.mediaTooLarge', data: { maxMb: MEDIA_LIMITS.videoMb } })
    } finally {
      server.close()
    }
  })

  it('when a picture field or a video field uploads the other kind, then it is refused in words and nothing is stored', async () => {
    const asImage = await upload(mp4(), 'clip.mp4', editor, app, `${MEDIA_UPLOAD_PATH}?kind=image`)
    expect([asImage.status, asImage.body.message]).toEqual([415, 'console:errors.mediaWantImage'])
    const asVideo = await upload(await jpeg(100, 100), 'photo.jpg', editor, app, `${MEDIA_UPLOAD_PATH}?kind=video`)
    expect([asVideo.status, asVideo.body.message]).toEqual([415, 'console:errors.mediaWantVideo'])
    expect((await db.query('select id from media_items')).rows).toHaveLength(0)
    expect(readdirSync(join(dataDir, 'media-uploads'))).toEqual([])
    expect((await upload(await jpeg(100, 100), 'photo.jpg', editor, app, `${MEDIA_UPLOAD_PATH}?kind=image`)).status).toBe(200)
    expect((await upload(mp4(), 'clip.mp4', editor, app, `${MEDIA_UPLOAD_PATH}?kind=video`)).status).toBe(200)
  })

  it('when a WebM is uploaded, then it is a video/webm item', async () => {
    const answer = await upload(ebml('webm'), 'clip.bin')
    expect([answer.status, answer.body.data?.src?.endsWith('/video.webm')]).toEqual([200, true])
    expect((await request(app).head(answer.body.data.src)).headers['content-type']).toBe('video/webm')
  })
})

describe('the library', () => {
  it('when an editor sets alt texts, then blank ones are dropped, the list finds the item by name or alt, and the change is audited before and after', async () => {
    const item = (await upload(await jpeg(200, 100), 'stage.jpg')).body.data as MediaItem
    await upload(await jpeg(200, 100, '#aa3300'), 'other.jpg')
    const saved = await call('saveMedia', { id: item.id, name: 'Main stage', alt: { en: ' The main stage ', 'zh-cn': '主舞台', ja: '  ' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toMatchObject({ id: item.id, name: 'Main stage', alt: { en: 'The main stage', 'zh-cn': '主舞台' } })
    expect(saved.body.data.alt).not.toHaveProperty('ja')
    expect((await call('mediaList', { search: '舞台' })).body.data).toMatchObject({ total: 1, rows: [{ id: item.id }] })
    expect((await call('mediaList', { search: 'main' })).body.data.total).toBe(1)
    expect((await call('mediaList', { search: '%' })).body.data.total).toBe(0)
    expect((await call('mediaList', { pageSize: 1, page: 2 })).body.data).toMatchObject({ total: 2, rows: [{ id: item.id }] })
    expect((await call('mediaList', { kind: 'video' })).body.data.total).toBe(0)
    const audit = (await auditOf('console$saveMedia')).filter((entry) => entry.before)
    expect(audit).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ name: 'stage.jpg', alt: {} }),
        after: expect.objectContaining({ alt: { en: 'The main stage', 'zh-cn': '主舞台' } }),
      }),
    ])
    const unknownLanguage = await call('saveMedia', { id: item.id, name: 'x', alt: { xx: 'no' } })
    expect(unknownLanguage.status).toBe(400)
    const tooLong = await call('saveMedia', { id: item.id, name: 'x', alt: { en: 'a'.repeat(MEDIA_LIMITS.alt + 1) } })
    expect(tooLong.status).toBe(400)
    expect((await call('saveMedia', { id: 'f'.repeat(32), name: 'x', alt: {} })).status).toBe(404)
  })

  it('when a page shows an item, then the detail names it and deletion is refused with a translated 409; once unused it is deleted with its files', async () => {
    const item = (await upload(await jpeg(300, 200), 'cover.jpg')).body.data as MediaItem
    const article = await db.query<{ id: number }>(
      "insert into news_articles (slug, published_at, cover_image, cover_width, cover_height) values ('media-news', now(), $1, 300, 200) returning id",
      [item.src],
    )
    const detail = await call('mediaDetail', { id: item.id })
    expect(detail.body.data.uses).toEqual([{ kind: 'article', id: article.rows[0]?.id, slug: 'media-news' }])
    const refused = await call('deleteMedia', { id: item.id })
    expect([refused.status, refused.body.message]).toEqual([409, 'console:errors.mediaInUse'])
    expect((await request(app).get(item.src)).status).toBe(200)

    await db.query("update news_articles set cover_image = null, cover_width = null, cover_height = null where slug = 'media-news'")
    await db.query("insert into news_article_texts (article_id, locale, title, body_html) values ($1, 'en', 'T', $2)", [
      article.rows[0]?.id,
      `<p><img src="${item.sources[2]?.src}" alt=""></p>`,
    ])
    expect((await call('deleteMedia', { id: item.id })).status).toBe(409)
    await db.query('delete from news_article_texts')

    const deleted = await call('deleteMedia', { id: item.id })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    for (const source of item.sources) expect((await request(app).get(source.src)).status, source.src).toBe(404)
    expect(await auditOf('console$deleteMedia')).toEqual([expect.objectContaining({ staff_id: editor.id, target: `media:${item.id}`, after: null })])
    expect((await call('mediaDetail', { id: item.id })).status).toBe(404)
  })

  it('when a member without the editor role calls the library, then every function is refused', async () => {
    const support = await setUpMember(app, db, ['support'])
    for (const [name, payload] of [
      ['mediaList', {}],
      ['mediaDetail', { id: 'f'.repeat(32) }],
      ['saveMedia', { id: 'f'.repeat(32), name: 'x', alt: {} }],
      ['deleteMedia', { id: 'f'.repeat(32) }],
    ] as const)
      expect((await call(name, payload, support)).status, name).toBe(403)
  })
})

describe('social images', () => {
  it('when an article has an uploaded cover, then its link preview is a 1200×630 PNG drawn from that cover, cached for a year', async () => {
    const item = (await upload(await jpeg(900, 600, '#d01010'), 'red.jpg')).body.data as MediaItem
    const article = await db.query<{ id: number }>(
      "insert into news_articles (slug, published_at, cover_image, cover_width, cover_height) values ('red-news', now() - interval '1 day', $1, 900, 600) returning id",
      [item.src],
    )
    const id = article.rows[0]?.id as number
    await db.query("insert into news_article_texts (article_id, locale, title, summary, body_html) values ($1, 'en', 'A red hall', 'S', '<p>B</p>')", [id])
    const answer = await request(app)
      .get(socialImagePath('en', 'article', id, { title: 'A red hall', cover: item.src }))
      .buffer(true)
    expect([answer.status, answer.headers['content-type'], answer.headers['cache-control']]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable'])
    const { data, info } = await sharp(answer.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([SOCIAL_IMAGE.width, SOCIAL_IMAGE.height])
    // Top right, above the title's shade: the cover's red shows through.
    const at = (20 * info.width + info.width - 20) * info.channels
    expect(data[at]).toBeGreaterThan(120)
    expect(data[at + 1]).toBeLessThan(60)
  })
})

describe('S3-compatible storage', () => {
  it('when the S3 variables are set, then copies go to the bucket signed, are served from it (ranges too) and deleted from it', async () => {
    const settings = { bucket: 'expo-media', accessKeyId: 'AKIATESTKEY', region: 'eu-central-1' }
    const s3 = await startS3StandIn(settings)
    try {
      const other = await createTestApp({
        env: {
          DATA_DIR: dataDir,
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: settings.bucket,
          S3_ACCESS_KEY_ID: settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: 'test-secret-key',
          S3_REGION: settings.region,
        },
      })
      const answer = await upload(await jpeg(700, 400), 'bucket.jpg', editor, other.app)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const item = answer.body.data as MediaItem
      expect([...s3.objects.keys()].sort()).toEqual(item.sources.map((source) => source.src.slice('/media/'.length)).sort())
      expect(s3.objects.get(item.src.slice('/media/'.length))?.contentType).toBe('image/jpeg')
      const served = await request(other.app).get(item.src).buffer(true)
      expect(served.body).toEqual(s3.objects.get(item.src.slice('/media/'.length))?.body)
      const part = await request(other.app).get(item.src).set('Range', 'bytes=0-3').buffer(true)
      expect([part.status, (part.body as Buffer).length]).toEqual([206, 4])

      const video = await upload(mp4('seek me'), 'v.mp4', editor, other.app)
      expect(video.status, JSON.stringify(video.body)).toBe(200)
      expect(s3.objects.get(video.body.data.src.slice('/media/'.length))?.body).toEqual(mp4('seek me'))

      expect((await consoleCall(other.app, 'deleteMedia', { id: item.id }, { cookie: editor.cookie })).status).toBe(200)
      expect([...s3.objects.keys()]).toEqual([video.body.data.src.slice('/media/'.length)])
      expect((await request(other.app).get(item.src)).status).toBe(404)
      await other.platform.close()
    } finally {
      await s3.close()
    }
  })
})
