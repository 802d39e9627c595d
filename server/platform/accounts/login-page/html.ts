import { escapeHtml } from '../../kit/escape.ts'
/** HTML that is already safe to place in a page. */
export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
  toString(): string {
    return this.value
  }
}

type Part = SafeHtml | string | number | null | undefined | false | Part[]

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return ''
  if (part instanceof SafeHtml) return part.value
  if (Array.isArray(part)) return part.map(render).join('')
  return escapeHtml(String(part))
}

/** A template whose every interpolated value is escaped unless it is SafeHtml (or a list of them). */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '')
  })
  return new SafeHtml(out)
}

/**
 * A translated sentence with links in it: `{{name}}` placeholders become the given elements, the
 * rest of the sentence is escaped text. Word order stays the translator's.
 */
export function withElements(sentence: string, elements: Record<string, SafeHtml>): SafeHtml {
  return new SafeHtml(
    sentence
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((piece) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1]
        return name && elements[name] ? elements[name].value : escapeHtml(piece)
      })
      .join(''),
  )
}
