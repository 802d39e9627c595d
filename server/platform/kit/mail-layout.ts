import type { MailMessage } from '../mailer.ts'
import { escapeHtml } from './escape.ts'

/**
 * A mail of a few paragraphs, one link to act on and closing lines, as text and as HTML in the
 * recipient's language (the exhibitor invitations and the verifier's decisions are written this way).
 */
export function paragraphMail(input: {
  to: string
  subject: string
  /** The URL language (`zh-cn`), for the HTML's `lang`. */
  language: string
  paragraphs: string[]
  link: { url: string; label: string }
  closing: string[]
}): MailMessage {
  const text = [...input.paragraphs, input.link.url, '', ...input.closing].join('\n\n')
  const html = `<!doctype html><html lang="${escapeHtml(input.language)}"><body>
${input.paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link.url)}">${escapeHtml(input.link.label)}</a></p>
${input.closing.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`
  return { to: input.to, subject: input.subject, text, html }
}
