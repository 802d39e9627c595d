import { useTranslation } from 'react-i18next'
import type { Video } from '../../api/editorial.ts'
import { useSite } from '../../app-state.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { videosSchema } from '../../components/json-ld/videos-schema.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import type { VideosData } from './videos-data.ts'

/** Head tags of the video library: the playing video's poster as the preview, every video shown as a VideoObject. */
export function VideosHead({ data, playing }: { data: VideosData; playing: Video | null }) {
  const { t } = useTranslation('media')
  const site = useSite()
  const shown = playing && !data.items.some((video) => video.id === playing.id) ? [playing, ...data.items] : data.items
  return (
    <>
      <PageMeta
        title={data.category ? t('meta.categoryTitle', { category: t(`categories.${data.category}`) }) : t('meta.title')}
        description={t('meta.description', { brand: site.config.brandName })}
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
