import { useLocation } from 'react-router'
import { useSite } from '../../app-state.ts'

interface PageMetaProps {
  title: string
  description: string
  image?: string
  type?: 'website' | 'article'
  /** Set on pages that must not be indexed (account, checkout, error). */
  noindex?: boolean
}

/**
 * Title, description, Open Graph and Twitter card of a page. React 19 hoists these into <head>
 * on the server and keeps them current on client navigation.
 */
export function PageMeta({ title, description, image, type = 'website', noindex }: PageMetaProps) {
  const site = useSite()
  const { pathname } = useLocation()
  const fullTitle = title.includes(site.config.brandName) ? title : `${title} | ${site.config.brandName}`
  const url = `${site.config.publicOrigin}${pathname}`
  const imageUrl = image ? new URL(image, site.config.publicOrigin).href : `${site.config.publicOrigin}/images/og-default.png`
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={site.config.brandName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:locale" content={site.htmlLang.replace('-', '_')} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  )
}
