import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type AdvertInput, type AdvertView, saveAdvert } from '../../../api/console-content.ts'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import { useConsoleShell } from '../../console-state.ts'
import { Choice } from '../../content-kit/choice.tsx'
import styles from '../../content-kit/content-kit.module.css'
import { ImageField } from '../../content-kit/image-field.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextsEditor } from '../../content-kit/texts-editor.tsx'
import { useSave } from '../../content-kit/use-save.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { withSizeOf } from '../../lib/media-size.ts'

interface AdvertFormProps {
  advert: AdvertView | null
  exhibitions: Array<{ id: number; title: string }>
  onSaved(advert: AdvertView): void
  onReload(): void
  onClose(): void
}

/** The form's values as typed; the contract reads numbers and empty values. */
interface Draft {
  id: number | undefined
  version: string | undefined
  image: string
  width: number
  height: number
  link: string
  exhibitionId: string
  showsFrom: string
  showsUntil: string
  sort: number
  texts: AdvertView['texts']
}

const draftOf = (advert: AdvertView | null): Draft => ({
  id: advert?.id,
  version: advert?.version,
  image: advert?.image ?? '',
  width: advert?.width ?? 0,
  height: advert?.height ?? 0,
  link: advert?.link ?? '',
  exhibitionId: advert?.exhibitionId ? String(advert.exhibitionId) : '',
  showsFrom: advert?.showsFrom ?? '',
  showsUntil: advert?.showsUntil ?? '',
  sort: advert?.sort ?? 0,
  texts: advert?.texts ?? {},
})

/** One advert: its picture, where it leads (a page of the site, an https address or an exhibition), when it shows, its texts. */
export function AdvertForm({ advert, exhibitions, onSaved, onReload, onClose }: AdvertFormProps) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const saver = useSave<{ advert: AdvertView }>()
  const [draft, setDraft] = useState<Draft>(() => draftOf(advert))
  const errorOf = saver.errorOf
  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes })
  const submit = () =>
    void saver.run(
      () => client.call(saveAdvert, { ...draft, exhibitionId: draft.exhibitionId || null, link: draft.link || null } as AdvertInput),
      (result) => onSaved(result.advert),
      t('adverts.saved'),
    )
  return (
    <section className={ui.panel} aria-label={advert ? t('adverts.editTitle') : t('adverts.newTitle')}>
      <PartForm title={advert ? t('adverts.editTitle') : t('adverts.newTitle')} lead={t('adverts.formLead')} {...saver} onSave={submit} onReload={onReload}>
        <div className={styles.grid}>
          <ImageField
            label={t('adverts.image')}
            value={draft.image || null}
            error={errorOf('image')}
            onChange={(image) => setDraft(withSizeOf({ ...draft, image: image ?? '' }, image))}
          />
          <TextField
            label={t('pages.width')}
            type="number"
            min={1}
            value={draft.width || ''}
            error={errorOf('width')}
            onChange={(event) => set({ width: Number(event.target.value) })}
          />
          <TextField
            label={t('pages.height')}
            type="number"
            min={1}
            value={draft.height || ''}
            error={errorOf('height')}
            onChange={(event) => set({ height: Number(event.target.value) })}
          />
          <TextField
            label={t('adverts.link')}
            hint={t('adverts.linkHint')}
            value={draft.link}
            spellCheck={false}
            error={errorOf('link')}
            onChange={(event) => set({ link: event.target.value.trim() })}
          />
          <Choice
            label={t('adverts.exhibition')}
            value={draft.exhibitionId}
            options={[['', t('adverts.noExhibition')], ...exhibitions.map((exhibition): [string, string] => [String(exhibition.id), exhibition.title])]}
            onChange={(exhibitionId) => set({ exhibitionId })}
          />
          <TextField
            label={t('adverts.showsFrom')}
            type="datetime-local"
            value={draft.showsFrom}
            error={errorOf('showsFrom')}
            onChange={(event) => set({ showsFrom: event.target.value })}
          />
          <TextField
            label={t('adverts.showsUntil')}
            type="datetime-local"
            value={draft.showsUntil}
            error={errorOf('showsUntil')}
            onChange={(event) => set({ showsUntil: event.target.value })}
          />
          <TextField
            label={t('adverts.sort')}
            type="number"
            min={0}
            max={1000}
            value={draft.sort}
            error={errorOf('sort')}
            onChange={(event) => set({ sort: Number(event.target.value) })}
          />
        </div>
        <TextsEditor
          path="texts"
          fields={[
            { name: 'title', label: t('adverts.titleField'), max: LIMITS.advertTitle },
            { name: 'text', label: t('adverts.text'), max: LIMITS.advertText, long: true },
            { name: 'cta', label: t('adverts.cta'), max: LIMITS.cta },
            { name: 'alt', label: t('adverts.alt'), max: LIMITS.alt },
          ]}
          keyField="title"
          value={draft.texts}
          onChange={(texts) => set({ texts: texts as Draft['texts'] })}
          errorOf={errorOf}
        />
        <div>
          <button type="button" className={ui.button} onClick={onClose}>
            {t('adverts.close')}
          </button>
        </div>
      </PartForm>
    </section>
  )
}
