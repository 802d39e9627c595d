import { useLocation } from 'react-router'
import { SOCIAL_IMAGE, type SocialImageKind, type SocialImageSource, socialImagePath } from '../../../shared/rules/social-images.ts'
import { useSite } from '../../app-state.ts'
import { openGraphLocales } from './open-graph-locale.ts'

interface PageMetaProps {
  title: string
  description: string
  /** The item whose cover becomes the preview picture (a 1200×630 PNG); without it, the site's default picture. */
  socialImage?: { kind: SocialImageKind; id: number; source: SocialImageSource }
  type?: 'website' | 'article'
  /**
   * The query that names what this page shows when it shows one item of a list (`?v=3`, one video):
   * the shared link's preview then points at that item, not at the list.
   */
  search?: string
  /** Set on pages that must not be indexed (account, checkout, error). */
  noindex?: boolean
}

/** The site's own picture is 1200×630 as well (public/images/og-default.png). */
const DEFAULT_IMAGE = '/images/og-default.png'

/**
 * Title, description, Open Graph and Twitter card of a page. React 19 hoists these into <head>
 * on the server and keeps them current on client navigation.
 */
export function PageMeta({ title, description, socialImage, type = 'website', noindex, search }: PageMetaProps) {
  const site = useSite()
  const { pathname } = useLocation()
  const origin = site.config.publicOrigin
  const fullTitle = title.includes(site.config.brandName) ? title : `${title} | ${site.config.brandName}`
  const url = `${origin}${pathname}${search ?? ''}`
  const imagePath = socialImage ? socialImagePath(site.lang, socialImage.kind, socialImage.id, socialImage.source) : DEFAULT_IMAGE
  const imageUrl = new URL(imagePath, origin).href
  const locales = openGraphLocales(site.lang, site.languages)
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
      <meta property="og:image:type" content={SOCIAL_IMAGE.type} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
      <meta property="og:image:alt" content={title} />
      <meta property="og:locale" content={locales.locale} />
      {locales.alternates.map((alternate) => (
        <meta key={alternate} property="og:locale:alternate" content={alternate} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={title} />
    </>
  )
}
