import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionContent } from '../../../api/console-content.ts'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import styles from '../../content-kit/content-kit.module.css'
import { ImageField } from '../../content-kit/image-field.tsx'
import { ListEditor } from '../../content-kit/list-editor.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextsEditor } from '../../content-kit/texts-editor.tsx'
import { VideoField } from '../../content-kit/video-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import type { PartProps } from './part-props.ts'

type Video = Omit<ExhibitionContent['videos'][number], 'key'> & { key?: string }

/** The recap videos: a clip of our own (MP4/WebM or a stream address) or a video of the library by its slug. */
export function Videos({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Video[]>(content.videos)
  const errorOf = saver.errorOf
  return (
    <PartForm title={t('pages.part.videos')} lead={t('pages.videosLead')} {...saver} onSave={() => save({ part: 'videos', videos: items })} onReload={reload}>
      <ListEditor
        items={items}
        onChange={setItems}
        blank={() => ({ src: null, videoSlug: null, poster: null, durationSeconds: null, texts: {} })}
        titleOf={(video, index) => video.texts.en?.title || t('pages.videoNumber', { n: index + 1 })}
        addLabel={t('pages.addVideo')}
        emptyText={t('pages.noVideos')}
        error={errorOf('videos')}
      >
        {(video, index, update) => (
          <>
            <div className={styles.grid}>
              <VideoField
                id={`video-${index}-file`}
                label={t('pages.videoSource')}
                value={video.src}
                error={errorOf(`videos.${index}.src`)}
                onChange={(src) => update({ ...video, src })}
              />
              <TextField
                label={t('pages.videoSlug')}
                value={video.videoSlug ?? ''}
                spellCheck={false}
                error={errorOf(`videos.${index}.videoSlug`)}
                onChange={(event) => update({ ...video, videoSlug: event.target.value.trim() || null })}
              />
              <TextField
                label={t('pages.duration')}
                type="number"
                min={1}
                value={video.durationSeconds ?? ''}
                error={errorOf(`videos.${index}.durationSeconds`)}
                onChange={(event) => update({ ...video, durationSeconds: event.target.value ? Number(event.target.value) : null })}
              />
              <ImageField
                label={t('pages.poster')}
                value={video.poster}
                error={errorOf(`videos.${index}.poster`)}
                onChange={(poster) => update({ ...video, poster })}
              />
            </div>
            <TextsEditor
              path={`videos.${index}.texts`}
              fields={[{ name: 'title', label: t('pages.videoTitle'), max: LIMITS.videoTitle }]}
              keyField="title"
              value={video.texts}
              onChange={(texts) => update({ ...video, texts: texts as Video['texts'] })}
              errorOf={errorOf}
            />
          </>
        )}
      </ListEditor>
    </PartForm>
  )
}
