import type { ConsoleForm } from '../../../api/console-exhibitor-tasks.ts'
import type { Locale } from '../../../../shared/languages.ts'
import { amountText } from '../../../../shared/rules/money.ts'

/** An item as the editor holds it: the price as typed ("45.00"), labels and units per language. */
export interface ItemDraft {
  key: string
  id?: number
  labels: Partial<Record<Locale, string>>
  units: Partial<Record<Locale, string>>
  price: string
  maxQuantity: string
}
export interface FormDraft {
  currency: string
  items: ItemDraft[]
}

export const draftOf = (form: ConsoleForm | null, currency: string): FormDraft =>
  form
    ? {
        currency: form.currency,
        items: form.items.map((item) => ({
          key: String(item.id),
          id: item.id,
          labels: item.labels,
          units: item.units,
          price: amountText(item.priceMinor, form.currency),
          maxQuantity: String(item.maxQuantity),
        })),
      }
    : { currency, items: [{ key: 'new-0', labels: {}, units: {}, price: '', maxQuantity: '1' }] }

/** The draft as the save sends it: empty words dropped (the contract checks the rest). */
export const payloadOf = (draft: FormDraft) => ({
  currency: draft.currency,
  items: draft.items.map((item) => ({
    ...(item.id === undefined ? {} : { id: item.id }),
    labels: Object.fromEntries(Object.entries(item.labels).filter(([, word]) => word?.trim())),
    units: Object.fromEntries(Object.entries(item.units).filter(([, word]) => word?.trim())),
    price: item.price,
    maxQuantity: item.maxQuantity,
  })),
})
