import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'

/** Announces the language's news feed (server/http/news-feed.ts) to feed readers; React hoists it into <head>. */
export function NewsFeedLink() {
  const { t } = useTranslation('news')
  const site = useSite()
  return <link rel="alternate" type="application/rss+xml" title={`${site.config.brandName}: ${t('meta.title')}`} href={`/${site.lang}/news/rss.xml`} />
}
