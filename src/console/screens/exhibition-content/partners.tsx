import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionContent } from '../../../api/console-content.ts'
import { CONTENT_LIMITS as LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import { PARTNER_ROLES, PARTNER_TIERS } from '../../../../shared/rules/exhibitions.ts'
import styles from '../../content-kit/content-kit.module.css'
import { Choice } from '../../content-kit/choice.tsx'
import { ImageField } from '../../content-kit/image-field.tsx'
import { ListEditor } from '../../content-kit/list-editor.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextField } from '../../ui/text-field.tsx'
import type { PartProps } from './part-props.ts'

type Partner = Omit<ExhibitionContent['partners'][number], 'key'> & { key?: string }

/** Sponsors, exhibitors and media partners: the page groups them by tier, in this order within a tier. */
export function Partners({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Partner[]>(content.partners)
  const errorOf = saver.errorOf
  return (
    <PartForm
      title={t('pages.part.partners')}
      lead={t('pages.partnersLead')}
      {...saver}
      onSave={() => save({ part: 'partners', partners: items })}
      onReload={reload}
    >
      <ListEditor
        items={items}
        onChange={setItems}
        blank={(): Partner => ({ name: '', role: 'sponsor', tier: 'gold', logo: null, url: null, booth: '' })}
        titleOf={(partner) => partner.name || t('pages.newPartner')}
        addLabel={t('pages.addPartner')}
        emptyText={t('pages.noPartners')}
        error={errorOf('partners')}
      >
        {(partner, index, update) => (
          <div className={styles.grid}>
            <TextField
              label={t('pages.name')}
              value={partner.name}
              maxLength={LIMITS.name}
              required
              error={errorOf(`partners.${index}.name`)}
              onChange={(event) => update({ ...partner, name: event.target.value })}
            />
            <Choice
              label={t('pages.role')}
              value={partner.role}
              options={PARTNER_ROLES.map((role) => [role, t(`pages.roles.${role}`)])}
              onChange={(role) => update({ ...partner, role: role as Partner['role'] })}
            />
            <Choice
              label={t('pages.tier')}
              value={partner.tier}
              options={PARTNER_TIERS.map((tier) => [tier, t(`pages.tiers.${tier}`)])}
              onChange={(tier) => update({ ...partner, tier: tier as Partner['tier'] })}
            />
            <TextField
              label={t('pages.website')}
              type="url"
              value={partner.url ?? ''}
              placeholder="https://"
              error={errorOf(`partners.${index}.url`)}
              onChange={(event) => update({ ...partner, url: event.target.value.trim() || null })}
            />
            <TextField
              label={t('pages.booth')}
              value={partner.booth}
              maxLength={LIMITS.booth}
              error={errorOf(`partners.${index}.booth`)}
              onChange={(event) => update({ ...partner, booth: event.target.value })}
            />
            <ImageField
              label={t('pages.logo')}
              value={partner.logo}
              error={errorOf(`partners.${index}.logo`)}
              onChange={(logo) => update({ ...partner, logo })}
            />
          </div>
        )}
      </ListEditor>
    </PartForm>
  )
}
