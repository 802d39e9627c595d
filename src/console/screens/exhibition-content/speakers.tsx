import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionContent } from '../../../api/console-content.ts'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import styles from '../../content-kit/content-kit.module.css'
import { ImageField } from '../../content-kit/image-field.tsx'
import { ListEditor } from '../../content-kit/list-editor.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextsEditor } from '../../content-kit/texts-editor.tsx'
import { TextField } from '../../ui/text-field.tsx'
import type { PartProps } from './part-props.ts'

type Speaker = ExhibitionContent['speakers'][number] | (Omit<ExhibitionContent['speakers'][number], 'key'> & { key?: undefined })

/** Speakers in the order the exhibition page shows them; a new one gets its key from its name when saved. */
export function Speakers({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Speaker[]>(content.speakers)
  const errorOf = saver.errorOf
  return (
    <PartForm
      title={t('pages.part.speakers')}
      lead={t('pages.speakersLead')}
      {...saver}
      onSave={() => save({ part: 'speakers', speakers: items })}
      onReload={reload}
    >
      <ListEditor
        items={items}
        onChange={setItems}
        blank={() => ({ name: '', company: '', photo: null, texts: {} })}
        titleOf={(speaker) => speaker.name || t('pages.newSpeaker')}
        addLabel={t('pages.addSpeaker')}
        emptyText={t('pages.noSpeakers')}
        error={errorOf('speakers')}
      >
        {(speaker, index, update) => (
          <>
            <div className={styles.grid}>
              <TextField
                label={t('pages.name')}
                value={speaker.name}
                maxLength={LIMITS.name}
                required
                error={errorOf(`speakers.${index}.name`)}
                onChange={(event) => update({ ...speaker, name: event.target.value })}
              />
              <TextField
                label={t('pages.company')}
                value={speaker.company}
                maxLength={LIMITS.company}
                error={errorOf(`speakers.${index}.company`)}
                onChange={(event) => update({ ...speaker, company: event.target.value })}
              />
              <ImageField
                label={t('pages.photo')}
                value={speaker.photo}
                error={errorOf(`speakers.${index}.photo`)}
                onChange={(photo) => update({ ...speaker, photo })}
              />
            </div>
            <TextsEditor
              path={`speakers.${index}.texts`}
              fields={[
                { name: 'title', label: t('pages.jobTitle'), max: LIMITS.speakerTitle },
                { name: 'bio', label: t('pages.bio'), max: LIMITS.bio, long: true },
              ]}
              keyField="title"
              value={speaker.texts}
              onChange={(texts) => update({ ...speaker, texts: texts as Speaker['texts'] })}
              errorOf={errorOf}
            />
          </>
        )}
      </ListEditor>
    </PartForm>
  )
}
