import { useTranslation } from 'react-i18next'
import type { Video } from '../../api/editorial.ts'
import { useSite } from '../../app-state.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { videosSchema } from '../../components/json-ld/videos-schema.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import type { VideosData } from './videos-data.ts'

/** Longest description a link preview shows in full. */
const PREVIEW_DESCRIPTION = 200

/**
 * Head tags of the video library: the playing video's poster as the preview, every video shown as a
 * VideoObject. A link to one video (`?v=`) is titled and described as that video.
 */
export function VideosHead({ data, playing, linked }: { data: VideosData; playing: Video | null; linked: boolean }) {
  const { t } = useTranslation('media')
  const site = useSite()
  const shown = playing && !data.items.some((video) => video.id === playing.id) ? [playing, ...data.items] : data.items
  const one = linked ? playing : null
  const listTitle = data.category ? t('meta.categoryTitle', { category: t(`categories.${data.category}`) }) : t('meta.title')
  const description = one?.description.trim()
    ? one.description.trim().length > PREVIEW_DESCRIPTION
      ? `${one.description.trim().slice(0, PREVIEW_DESCRIPTION - 1)}…`
      : one.description.trim()
    : t('meta.description', { brand: site.config.brandName })
  return (
    <>
      <PageMeta
        title={one ? one.title : listTitle}
        description={description}
        {...(one ? { search: `?v=${one.id}` } : {})}
        {...(playing?.poster ? { socialImage: { kind: 'video', id: playing.id, source: { title: playing.title, cover: playing.poster.src } } } : {})}
        noindex={data.first > 1}
      />
      {shown.length ? (
        <JsonLd
          data={videosSchema(
            shown,
            { origin: site.config.publicOrigin, lang: site.lang, htmlLang: site.htmlLang },
            (video) => `/${site.lang}/video.html?v=${video.id}`,
          )}
        />
      ) : null}
    </>
  )
}
