import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../ui/dialog.tsx'

/** The order screen's modal forms (refund, cancel, resend, change attendee): the kit's form dialog, closed by "Close". */
export function OrderDialog(props: Omit<ComponentProps<typeof FormDialog>, 'closeLabel'>) {
  const { t } = useTranslation()
  return <FormDialog closeLabel={t('order.close')} {...props} />
}
