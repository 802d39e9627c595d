import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionContent } from '../../../api/console-content.ts'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import styles from '../../content-kit/content-kit.module.css'
import { ImageField } from '../../content-kit/image-field.tsx'
import { ListEditor } from '../../content-kit/list-editor.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextsEditor } from '../../content-kit/texts-editor.tsx'
import { withSizeOf } from '../../lib/media-size.ts'
import { TextField } from '../../ui/text-field.tsx'
import type { PartProps } from './part-props.ts'

type Photo = Omit<ExhibitionContent['photos'][number], 'key'> & { key?: string }

/** The photo gallery ("photo live") in the order visitors page through it, each with its caption per language. */
export function Photos({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Photo[]>(content.photos)
  const errorOf = saver.errorOf
  return (
    <PartForm title={t('pages.part.photos')} lead={t('pages.photosLead')} {...saver} onSave={() => save({ part: 'photos', photos: items })} onReload={reload}>
      <ListEditor
        items={items}
        onChange={setItems}
        blank={() => ({ src: '', width: 0, height: 0, takenAt: null, texts: {} })}
        titleOf={(photo, index) => photo.texts.en?.caption || t('pages.photoNumber', { n: index + 1 })}
        addLabel={t('pages.addPhoto')}
        emptyText={t('pages.noPhotos')}
        error={errorOf('photos')}
      >
        {(photo, index, update) => (
          <>
            <div className={styles.grid}>
              <ImageField
                label={t('pages.image')}
                value={photo.src || null}
                error={errorOf(`photos.${index}.src`)}
                onChange={(src) => update(withSizeOf({ ...photo, src: src ?? '' }, src))}
              />
              <TextField
                label={t('pages.width')}
                type="number"
                min={1}
                value={photo.width || ''}
                error={errorOf(`photos.${index}.width`)}
                onChange={(event) => update({ ...photo, width: Number(event.target.value) })}
              />
              <TextField
                label={t('pages.height')}
                type="number"
                min={1}
                value={photo.height || ''}
                error={errorOf(`photos.${index}.height`)}
                onChange={(event) => update({ ...photo, height: Number(event.target.value) })}
              />
              <TextField
                label={t('pages.takenAt')}
                type="datetime-local"
                value={photo.takenAt ?? ''}
                error={errorOf(`photos.${index}.takenAt`)}
                onChange={(event) => update({ ...photo, takenAt: event.target.value || null })}
              />
            </div>
            <TextsEditor
              path={`photos.${index}.texts`}
              fields={[{ name: 'caption', label: t('pages.caption'), max: LIMITS.caption }]}
              keyField="caption"
              value={photo.texts}
              onChange={(texts) => update({ ...photo, texts: texts as Photo['texts'] })}
              errorOf={errorOf}
            />
          </>
        )}
      </ListEditor>
    </PartForm>
  )
}
