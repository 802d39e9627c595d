import { useTranslation } from 'react-i18next'
import type { OrderSummary } from '../../api/tickets.ts'

type Booth = NonNullable<OrderSummary['booth']>

/**
 * What a booth order buys, among an order's facts (docs/product.md#booth-checkout): the booth, its hall,
 * type and size, and the exhibitor it is for.
 */
export function BoothFacts({ booth }: { booth: Booth }) {
  const { t } = useTranslation('tickets')
  return (
    <>
      <dt>{t('booth.booth')}</dt>
      <dd translate="no">{booth.number}</dd>
      <dt>{t('booth.hall')}</dt>
      <dd>{booth.hall}</dd>
      <dt>{t('booth.type')}</dt>
      <dd>{t(`booth.types.${booth.type}`)}</dd>
      <dt>{t('booth.size')}</dt>
      <dd>{t('booth.sizeValue', { w: booth.widthM, h: booth.depthM })}</dd>
      <dt>{t('booth.exhibitor')}</dt>
      <dd>{booth.company}</dd>
    </>
  )
}
