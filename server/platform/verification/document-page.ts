import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Request, Response, Router } from 'express'
import type { DocumentVerdict, OfficialChannel } from '../../../shared/contracts/verification.ts'
import { DEFAULT_URL_LANGUAGE, isUrlLanguage, LANGUAGE_INFO, localeOf, type UrlLanguage } from '../../../shared/languages.ts'
import { VERIFY_FILE_FIELD, verifyDocumentAction } from '../../../shared/rules/verification.ts'
import { escapeHtml } from '../kit/escape.ts'
import { loadStrings, type Translate } from '../kit/strings.ts'
import type { Platform } from '../platform.ts'
import type { Answering } from './upload.ts'
import type { VerificationService } from './verification.service.ts'

/**
 * The PDF check without JavaScript (docs/product.md#verification-without-javascript): the verification
 * page's form posts the file to VERIFY_DOCUMENT_PATH and this page answers, with the verdicts and the
 * texts of the page's own answer (src/routes/verify/results.tsx), its own stylesheet from this origin
 * and no script (the site's CSP). Everything the sender chose (the file's name) is escaped.
 */

const CSS = readFileSync(new URL('./document-page.css', import.meta.url))
const CSS_PATH = `/api/verify/assets/document.${createHash('sha256').update(CSS).digest('hex').slice(0, 12)}.css`
const SCAM_SIGNS = ['moveChat', 'personalPayment', 'fakeDocuments', 'lookalikes', 'pressure', 'secrets'] as const

const verifyStrings = loadStrings('verify')
/** This page's own words, apart from the verify namespace, which every visit of the page's script downloads. */
const pageStrings = loadStrings('document-check')
const commonStrings = loadStrings('common')

/** Keys name their namespace: the page's (`verify:`), this page's own (`document-check:`), else the shell's (`errors.*`, in common). */
function translatorFor(lang: UrlLanguage): Translate {
  const locale = localeOf(lang)
  const verify = verifyStrings(locale)
  const page = pageStrings(locale)
  const common = commonStrings(locale)
  return (key, params) => (key.startsWith('verify:') ? verify(key, params) : key.startsWith('document-check:') ? page(key, params) : common(key, params))
}

/** The page's language: the form sends its own in the address; anything else reads English. */
function languageOf(req: Request): UrlLanguage {
  const asked = typeof req.query.lang === 'string' ? req.query.lang : ''
  return isUrlLanguage(asked) ? asked : DEFAULT_URL_LANGUAGE
}

const e = (value: string | number) => escapeHtml(String(value))

interface Shell {
  lang: UrlLanguage
  brand: string
  title: string
  body: string
  t: Translate
}

function shell({ lang, brand, title, body, t }: Shell): string {
  return `<!doctype html>
<html lang="${e(LANGUAGE_INFO[lang].htmlLang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${e(title)} | ${e(brand)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${CSS_PATH}">
</head>
<body>
<header class="top"><a class="brand" href="/${e(lang)}/">${e(brand)}</a></header>
<main id="main">
${body}
<section class="again" aria-labelledby="again-title">
<h2 id="again-title">${e(t('document-check:again'))}</h2>
<form method="post" action="${e(verifyDocumentAction(lang))}" enctype="multipart/form-data">
<label for="again-file">${e(t('verify:file.choose'))}</label>
<input id="again-file" type="file" name="${VERIFY_FILE_FIELD}" accept="application/pdf,.pdf" required>
<button type="submit">${e(t('verify:file.submit'))}</button>
</form>
<p><a href="/${e(lang)}/verify.html">${e(t('document-check:back'))}</a></p>
</section>
</main>
</body>
</html>`
}

/** Register dates (YYYY-MM-DD) in the page's language, as the page shows them. */
function dayFormat(htmlLang: string) {
  const format = new Intl.DateTimeFormat(htmlLang, { dateStyle: 'long', timeZone: 'UTC' })
  return (iso: string) => format.format(new Date(`${iso}T00:00:00Z`))
}

/** When the signer says it signed, to the minute, in UTC and saying so (as src/routes/verify/results.tsx). */
function signingTime(htmlLang: string, iso: string): string {
  return new Intl.DateTimeFormat(htmlLang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

const entry = (term: string, value: string, wide = false) => `<div${wide ? ' class="wide"' : ''}><dt>${e(term)}</dt><dd>${value}</dd></div>`

interface AnswerInput {
  lang: UrlLanguage
  brand: string
  origin: string
  qaEmail: string
  verdict: DocumentVerdict
  fileName: string
  channels: OfficialChannel[] | null
  t: Translate
}

/** The answer, in the order and words of the page's DocumentResult. */
export function answerBody(input: AnswerInput): { title: string; body: string } {
  const { verdict, t, brand, lang } = input
  const htmlLang = LANGUAGE_INFO[lang].htmlLang
  const date = dayFormat(htmlLang)
  const signature = verdict.signature
  // A signed file is answered by its signature, not by the register (docs/product.md#document-signatures).
  const register = signature ? null : verdict
  const official = signature ? signature.state === 'intact' : verdict.verdict === 'official'
  const demo = register?.verdict === 'demo'
  const document = register?.document ?? null
  const signedAt = signature && signature.state !== 'foreign' && signature.signedAt ? signingTime(htmlLang, signature.signedAt) : null
  const title = signature ? t(`verify:document.signature.${signature.state}.title`, { brand }) : t(`verify:document.${verdict.verdict}.title`)
  const tone = register ? register.verdict : official ? 'official' : 'unofficial'
  const size = new Intl.NumberFormat(htmlLang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(verdict.bytes / 1024)

  const parts: string[] = []
  parts.push(`<p class="checked"><span class="label">${e(t('verify:document.file'))}</span> <span class="value">${e(input.fileName)}</span></p>`)
  if (signature) parts.push(`<p class="lead">${e(t(`verify:document.signature.${signature.state}.text`, { brand, date: signedAt ?? '' }))}</p>`)
  if (signature?.state === 'changed' || signature?.state === 'foreign')
    parts.push(`<p class="note">${e(t(`verify:document.signature.${signature.state}.why`))}</p>`)
  if (register && official) parts.push(`<p class="lead">${e(t('verify:document.official.text', { brand }))}</p>`)
  if (demo) parts.push(`<p class="lead">${e(t('verify:document.demo.text'))}</p>`)
  if (!official && document?.revokedOn) {
    parts.push(`<p class="callout">${e(t('verify:document.revoked', { issued: date(document.issuedOn), revoked: date(document.revokedOn) }))}</p>`)
  }
  if (register && !official && !demo && !document) {
    parts.push(`<p class="lead">${e(t('verify:document.unofficial.text', { brand }))}</p><p class="note">${e(t('verify:document.unofficial.why'))}</p>`)
  }
  const facts: string[] = []
  if (document) {
    facts.push(entry(t('verify:document.name'), e(document.title)))
    if (document.reference) facts.push(entry(t('verify:document.reference'), e(document.reference)))
    facts.push(entry(t('verify:document.issuedTo'), e(document.issuedTo)))
    facts.push(entry(t('verify:document.issuedOn'), e(date(document.issuedOn))))
    facts.push(entry(t('verify:document.shownTo'), e(t(`verify:shownTo.${document.shownTo}`))))
  }
  if (signedAt) facts.push(entry(t('verify:document.signature.signedAt'), e(signedAt)))
  facts.push(entry(t('verify:document.fingerprint'), `<code class="hash" translate="no">${e(verdict.sha256)}</code>`, true))
  facts.push(entry(t('verify:document.size'), e(size)))
  parts.push(`<dl class="details">${facts.join('')}</dl>`)
  if (!official && !demo) parts.push(warnings(input))

  return {
    title,
    body: `<section class="result ${tone}" aria-labelledby="result-title" data-testid="document-result">
<h1 id="result-title">${e(title)}</h1>
${parts.join('\n')}
</section>`,
  }
}

/** Beside a "no": the signs of a scam, our real channels and where to report the file (the page's Warnings). */
function warnings({ t, brand, lang, origin, qaEmail, verdict, fileName, channels }: AnswerInput): string {
  const subject = t('verify:report.fileSubject', { name: fileName, brand })
  const mailBody = t('verify:report.fileBody', { name: fileName, sha256: verdict.sha256, page: `${origin}/${lang}/verify.html` })
  const href = `mailto:${qaEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(mailBody)}`
  const listed = (channels ?? []).map(
    (channel) => `<li><span class="kind">${e(t(`verify:types.${channel.kind}`))}</span> <code translate="no">${e(channel.display)}</code></li>`,
  )
  return `<section aria-labelledby="signs-title"><h2 id="signs-title">${e(t('verify:scam.title'))}</h2>
<ul>${SCAM_SIGNS.map((sign) => `<li>${e(t(`verify:scam.${sign}`))}</li>`).join('')}</ul></section>
${listed.length ? `<section aria-labelledby="real-title"><h2 id="real-title">${e(t('verify:realChannels'))}</h2><ul class="channels">${listed.join('')}</ul></section>` : ''}
<section aria-labelledby="report-title"><h2 id="report-title">${e(t('verify:report.title'))}</h2>
<p>${e(t('verify:report.text'))}</p>
<p><a class="button" href="${e(href)}">${e(t('verify:report.button', { email: qaEmail }))}</a></p></section>`
}

/**
 * The answering of VERIFY_DOCUMENT_PATH: a page for the verdict, and a page for a refusal with the
 * refusal's own status and translated words (the values it names filled in).
 */
export function documentPage(router: Router, platform: Platform, service: VerificationService): Answering {
  const { config } = platform
  router.get(CSS_PATH, (_req, res) => {
    res.setHeader('Content-Type', 'text/css; charset=utf-8')
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    res.end(CSS)
  })
  const send = (res: Response, status: number, html: string, headers: Record<string, string>) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    res.status(status)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    // The answer names a file someone holds: never cached, never indexed, never sent on as a referrer.
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.end(html)
  }
  return {
    refusal(req, res, status, message, data, headers) {
      const lang = languageOf(req)
      const t = translatorFor(lang)
      const values = { maxMb: config.UPLOAD_MAX_MB, ...(data && typeof data === 'object' ? (data as Record<string, string | number>) : {}) }
      const title = t('document-check:failedTitle')
      const body = `<section class="result unofficial" aria-labelledby="result-title"><h1 id="result-title">${e(title)}</h1>
<p class="lead" role="alert">${e(t(message, values))}</p></section>`
      send(res, status, shell({ lang, brand: config.BRAND_NAME, title, body, t }), headers)
    },
    async verdict(req, res, verdict, fileName) {
      const lang = languageOf(req)
      const t = translatorFor(lang)
      const channels = await service.publicChannels()
      const { title, body } = answerBody({
        lang,
        brand: config.BRAND_NAME,
        origin: config.PUBLIC_ORIGIN,
        qaEmail: config.QA_EMAIL,
        verdict,
        fileName,
        channels,
        t,
      })
      if (!res.destroyed) send(res, 200, shell({ lang, brand: config.BRAND_NAME, title, body, t }), {})
    },
  }
}
