import styles from './article-body.module.css'

interface ArticleBodyProps {
  /** HTML sanitised by the platform (on import and again on the way out); never raw editor input. */
  html: string
  /** Set when the text is in another language than the page (the fallback chain). */
  lang?: string | undefined
  className?: string
}

/** The body of a news article or bulletin with readable typography for every script. */
export function ArticleBody({ html, lang, className }: ArticleBodyProps) {
  return <div className={[styles.body, className ?? ''].filter(Boolean).join(' ')} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
}
