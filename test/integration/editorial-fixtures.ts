import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { serializeMarkdown } from '../../server/content/content-folder.ts'

/**
 * A small content folder for the editorial tests: known articles (with every language case of the
 * fallback chain, a scheduled one, an unpublished one, one with hostile HTML), enough plain ones to
 * page through, videos and bulletins.
 */

export const PLAIN_ARTICLES = 23
/** Visible articles: the plain ones plus alpha, beta and hostile. */
export const VISIBLE_ARTICLES = PLAIN_ARTICLES + 3

export const HOSTILE_BODY = [
  'Before <script>alert("x")</script> after.',
  '',
  '<p onclick="steal()" style="position:fixed;top:0">Styled and clickable</p>',
  '',
  '<img src="https://example.com/a.png" width="10" height="10" onerror="steal()">',
  '',
  '[click](javascript:alert(1)) and <a href="JaVaScRiPt:alert(2)">this</a> and <a href="https://example.com/ok">fine</a>',
  '',
  '<iframe src="https://evil.example"></iframe><svg onload="steal()"></svg><style>body{display:none}</style>',
].join('\n')

interface ArticleSpec {
  slug: string
  publishedAt: string
  tags?: string[]
  exhibition?: string | null
  published?: boolean
  cover?: boolean
  texts: Record<string, { title: string; summary: string; body: string }>
}

function articleFile(spec: ArticleSpec): string {
  const frontMatter: Record<string, unknown> = {
    publishedAt: spec.publishedAt,
    published: spec.published ?? true,
    cover: spec.cover ? '/demo/news/dubai-2026-day-two.svg' : null,
    coverWidth: spec.cover ? 1200 : null,
    coverHeight: spec.cover ? 630 : null,
    tags: spec.tags ?? [],
    exhibition: spec.exhibition ?? null,
  }
  const sections: string[] = []
  for (const [locale, text] of Object.entries(spec.texts)) {
    frontMatter[`title.${locale}`] = text.title
    frontMatter[`summary.${locale}`] = text.summary
    if (spec.cover) frontMatter[`coverAlt.${locale}`] = `Cover of ${text.title}`
    sections.push(`<!-- lang: ${locale} -->\n${text.body}\n`)
  }
  return serializeMarkdown(frontMatter, sections.join('\n'))
}

const en = (title: string, body = `Body of ${title}.`) => ({ title, summary: `Summary of ${title}`, body })

export function makeContentFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'editorial-'))
  for (const kind of ['news', 'videos', 'bulletins']) mkdirSync(join(root, kind))
  const write = (kind: string, name: string, text: string) => writeFileSync(join(root, kind, name), text)

  write(
    'news',
    'alpha.md',
    articleFile({
      slug: 'alpha',
      publishedAt: '2026-06-01T10:00:00Z',
      tags: ['regulation', 'exhibitions'],
      exhibition: 'dubai-2026',
      cover: true,
      texts: {
        en: en('Alpha in English', 'Alpha **body** for {{brand}}.'),
        'zh-cn': en('Alpha 简体', '简体正文。'),
        'zh-tw': en('Alpha 繁體', '繁體正文。'),
      },
    }),
  )
  write(
    'news',
    'beta.md',
    articleFile({ slug: 'beta', publishedAt: '2026-05-01T10:00:00Z', tags: ['regulation'], texts: { en: en('Beta'), 'zh-cn': en('Beta 简体') } }),
  )
  write(
    'news',
    'hostile.md',
    articleFile({ slug: 'hostile', publishedAt: '2026-04-01T10:00:00Z', tags: ['security'], texts: { en: en('Hostile', HOSTILE_BODY) } }),
  )
  write('news', 'scheduled.md', articleFile({ slug: 'scheduled', publishedAt: '2099-01-01T00:00:00Z', texts: { en: en('Scheduled') } }))
  write('news', 'draft.md', articleFile({ slug: 'draft', publishedAt: '2026-01-01T00:00:00Z', published: false, texts: { en: en('Draft') } }))
  for (let index = 1; index <= PLAIN_ARTICLES; index++) {
    const day = String(index).padStart(2, '0')
    write(
      'news',
      `plain-${day}.md`,
      articleFile({ slug: `plain-${day}`, publishedAt: `2025-12-${day}T08:00:00Z`, tags: ['markets'], texts: { en: en(`Plain ${day}`) } }),
    )
  }

  const video = (slug: string, category: string, publishedAt: string, texts: Record<string, { title: string }>, extra: Record<string, unknown> = {}) =>
    write(
      'videos',
      `${slug}.json`,
      JSON.stringify({
        slug,
        category,
        publishedAt,
        durationSeconds: 6,
        poster: null,
        sources: [
          { src: '/demo/videos/opening.webm', type: 'video/webm' },
          { src: '/demo/videos/opening.mp4', type: 'video/mp4' },
        ],
        captions: [
          { src: '/demo/videos/captions/opening.en.vtt', locale: 'en' },
          { src: '/demo/videos/captions/opening.zh-cn.vtt', locale: 'zh-cn' },
        ],
        texts: Object.fromEntries(Object.entries(texts).map(([locale, text]) => [locale, { ...text, description: `About ${text.title}` }])),
        ...extra,
      }),
    )
  video('v-keynote', 'keynotes', '2026-03-01T00:00:00Z', { en: { title: 'Keynote video' }, 'zh-cn': { title: '主旨演讲视频' } })
  video('v-panel', 'panels', '2026-02-01T00:00:00Z', { en: { title: 'Panel video' } })
  video(
    'v-hls',
    'highlights',
    '2026-04-01T00:00:00Z',
    { en: { title: 'HLS video' } },
    {
      sources: [
        { src: '/demo/videos/hls/walkthrough.m3u8', type: 'application/vnd.apple.mpegurl' },
        { src: '/demo/videos/walkthrough.mp4', type: 'video/mp4' },
      ],
    },
  )
  for (let index = 1; index <= 9; index++) video(`v-extra-${index}`, 'guides', `2025-0${index}-01T00:00:00Z`, { en: { title: `Guide ${index}` } })

  const bulletin = (slug: string, publishedAt: string, pinned: boolean, body = 'Read **this**.') =>
    write('bulletins', `${slug}.json`, JSON.stringify({ slug, kind: 'notice', publishedAt, pinned, texts: { en: { title: `Bulletin ${slug}`, body } } }))
  bulletin('b-old-pinned', '2025-01-01T00:00:00Z', true)
  bulletin('b-new', '2026-10-01T00:00:00Z', false)
  bulletin('b-newer-pinned', '2026-02-01T00:00:00Z', true)
  bulletin('b-mid', '2026-05-01T00:00:00Z', false, 'Hello <img src=x onerror=alert(1)> [x](javascript:alert(1))')
  bulletin('b-future', '2099-01-01T00:00:00Z', true)
  return root
}

export async function visitorToken(app: Parameters<typeof request>[0]): Promise<string> {
  const response = await request(app).post('/api/token')
  return response.body.access_token as string
}
