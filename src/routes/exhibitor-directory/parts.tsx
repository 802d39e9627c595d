import { useTranslation } from 'react-i18next'
import type { DirectoryEntry } from '../../api/exhibitors.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import styles from './directory.module.css'

/** docs/product.md#exhibitor-directory: the directory's and an exhibitor's addresses. */
export const directoryPath = (lang: string, exhibitionId: number) => `/${lang}/backDetail/${exhibitionId}/exhibitors`
export const exhibitorPath = (lang: string, exhibitionId: number, slug: string) => `${directoryPath(lang, exhibitionId)}/${slug}`

/** The `lang` of texts the fallback chain gave in another language than the page's (none when they are the page's). */
export function textLangOf(textLocale: Locale, pageLocale: Locale): string | undefined {
  return textLocale === pageLocale ? undefined : LANGUAGE_INFO[urlLanguageOfLocale(textLocale)].htmlLang
}

const regionNames = new Map<string, Intl.DisplayNames>()

/** A country's name in the page's language (ISO 3166 code in, CLDR name out; the code when Intl has none). */
export function countryName(code: string, htmlLang: string): string {
  let names = regionNames.get(htmlLang)
  if (!names) {
    names = new Intl.DisplayNames([htmlLang], { type: 'region', fallback: 'code' })
    regionNames.set(htmlLang, names)
  }
  return names.of(code) ?? code
}

/** The first letter of the name (its first character for names without letters of a case: 澜泰 -> 澜). */
function initialOf(name: string): string {
  const first = [...name.trim()][0] ?? '?'
  return first.toLocaleUpperCase()
}

/**
 * The exhibitor's logo, or its initial on a tile of a colour taken from its address (the same colour
 * wherever it appears). Decorative: the name is always written beside it.
 */
export function ExhibitorLogo({ entry, size }: { entry: Pick<DirectoryEntry, 'logo' | 'name' | 'slug'>; size: 'small' | 'large' }) {
  const pixels = size === 'large' ? 96 : 56
  if (entry.logo) {
    return (
      <Picture
        src={entry.logo.src}
        alt=""
        width={pixels}
        height={pixels}
        placeholder={PLACEHOLDER.dealer}
        fit="contain"
        className={`${styles.logo} ${styles[size]}`}
      />
    )
  }
  let hash = 0
  for (const character of entry.slug) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 997
  return (
    <span className={`${styles.initial} ${styles[size]} ${styles[`tone${hash % 6}`]}`} aria-hidden="true">
      {initialOf(entry.name)}
    </span>
  )
}

/** A small label of the exhibitor's kind. */
export function KindBadge({ kind }: { kind: DirectoryEntry['kind'] }) {
  const { t } = useTranslation('directory')
  const tone = kind === 'broker' ? styles.kindBroker : kind === 'platform' ? styles.kindPlatform : ''
  return <span className={`${styles.kind} ${tone}`}>{t(`kinds.${kind}`)}</span>
}
