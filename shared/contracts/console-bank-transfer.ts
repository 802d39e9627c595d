import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import {
  BANK_ACCOUNT_LIMITS,
  BANK_DEADLINE_DAYS,
  bicMatchesIban,
  compactIban,
  isBic,
  isIban,
  STATEMENT_LIMITS,
  TRANSFER_DECISIONS,
  TRANSFER_ISSUES,
  TRANSFER_STATES,
} from '../rules/bank-transfer.ts'
import { isCurrency } from '../rules/money.ts'
import { defineContract } from './define.ts'

/**
 * Bank transfer in the console (docs/product.md#bank-transfer): an exhibition's account and deadline,
 * the transfers that came in (from a statement or matched by hand) and staff's decisions on those
 * that wait.
 */

const exhibitionId = z.number({ error: 'errors.invalid' }).int().positive().max(2_147_483_647)
const text = (max: number, key: string) => z.string({ error: key }).trim().max(max, key)

const settingsView = z.object({
  exhibitionId: z.number().int(),
  enabled: z.boolean(),
  holder: z.string(),
  accountKind: z.enum(['iban', 'local']),
  iban: z.string(),
  bic: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
  deadlineDays: z.number().int(),
})

export type BankTransferSettings = z.output<typeof settingsView>
export type BankTransferView = z.output<typeof bankTransfer.result>

export const saveBankTransfer = defineContract({
  ...CONSOLE.saveBankTransfer,
  payload: z
    .object({
      exhibitionId,
      enabled: z.boolean(),
      holder: text(BANK_ACCOUNT_LIMITS.holder, 'console:bankTransfer.holderRequired').min(1, 'console:bankTransfer.holderRequired'),
      accountKind: z.enum(['iban', 'local']),
      iban: z.string().default('').transform(compactIban),
      bic: z.string().default('').transform(compactIban),
      accountNumber: text(BANK_ACCOUNT_LIMITS.accountNumber, 'console:bankTransfer.accountNumberRequired').default(''),
      bankName: text(BANK_ACCOUNT_LIMITS.bankName, 'console:bankTransfer.bankNameRequired').default(''),
      deadlineDays: z.coerce
        .number({ error: 'console:bankTransfer.daysRange' })
        .int('console:bankTransfer.daysRange')
        .min(BANK_DEADLINE_DAYS.min, 'console:bankTransfer.daysRange')
        .max(BANK_DEADLINE_DAYS.max, 'console:bankTransfer.daysRange'),
    })
    .superRefine((account, ctx) => {
      const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
      if (account.accountKind === 'iban') {
        if (!isIban(account.iban)) problem('iban', 'console:bankTransfer.badIban')
        if (!isBic(account.bic)) problem('bic', 'console:bankTransfer.badBic')
        else if (isIban(account.iban) && !bicMatchesIban(account.bic, account.iban)) problem('bic', 'console:bankTransfer.bicCountry')
      } else {
        if (!account.accountNumber) problem('accountNumber', 'console:bankTransfer.accountNumberRequired')
        if (!account.bankName) problem('bankName', 'console:bankTransfer.bankNameRequired')
      }
    }),
  result: settingsView,
})

export const transferView = z.object({
  id: z.string(),
  source: z.enum(['statement', 'hand']),
  bookedOn: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  remittance: z.string(),
  payer: z.string().nullable(),
  reference: z.string().nullable(),
  orderNumber: z.string().nullable(),
  orderTotalMinor: z.number().int().nullable(),
  orderCurrency: z.string().nullable(),
  state: z.enum(TRANSFER_STATES),
  issue: z.enum(TRANSFER_ISSUES).nullable(),
  recordedAt: z.string(),
})

export type TransferView = z.output<typeof transferView>

/** The account and deadline with a page of the transfers that came in (those waiting only, unless `show` is all). */
export const bankTransfer = defineContract({
  ...CONSOLE.bankTransfer,
  payload: z.object({
    exhibitionId,
    show: z.enum(['open', 'all']).default('open'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  result: z.object({
    settings: settingsView,
    transfers: z.object({ items: z.array(transferView), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
  }),
})

const summary = z.object({ lines: z.number().int(), paid: z.number().int(), review: z.number().int(), unknown: z.number().int(), repeats: z.number().int() })

export const importStatement = defineContract({
  ...CONSOLE.importStatement,
  payload: z.object({
    exhibitionId,
    statement: z
      .string({ error: 'console:bankTransfer.noFile' })
      .min(1, 'console:bankTransfer.noFile')
      .max(STATEMENT_LIMITS.bytes, 'console:bankTransfer.fileTooLarge'),
  }),
  result: summary,
})

export const matchTransfer = defineContract({
  ...CONSOLE.matchTransfer,
  payload: z.object({
    exhibitionId,
    reference: z.string({ error: 'console:bankTransfer.badReference' }).max(40, 'console:bankTransfer.badReference'),
    /** As typed: "299.00". */
    amount: z.string({ error: 'console:bankTransfer.badAmount' }).max(32, 'console:bankTransfer.badAmount'),
    currency: z
      .string({ error: 'console:bankTransfer.badCurrency' })
      .transform((code) => code.trim().toUpperCase())
      .refine(isCurrency, 'console:bankTransfer.badCurrency'),
    payer: text(BANK_ACCOUNT_LIMITS.holder, 'errors.invalid').default(''),
  }),
  result: z.object({ state: z.enum(['paid', 'review', 'unknown']), transferId: z.string(), orderNumber: z.string().nullable() }),
})

export const decideTransfer = defineContract({
  ...CONSOLE.decideTransfer,
  payload: z.object({
    transferId: z.string({ error: 'console:bankTransfer.notFound' }).regex(/^[1-9][0-9]{0,17}$/, 'console:bankTransfer.notFound'),
    decision: z.enum(TRANSFER_DECISIONS, { error: 'errors.invalid' }),
  }),
  result: transferView,
})
