import { z } from 'zod'
import { ACCOUNT_LIMITS } from '../../../../shared/rules/accounts.ts'
import { nick as nickSchema } from '../../../../shared/contracts/accounts.ts'

/**
 * The login page's forms (plain HTML posts). Messages are keys of the `login` namespace; the page
 * shows each beside its field.
 */

/** Among the most used passwords of public breach lists; refusing them costs nothing (NIST SP 800-63B §5.1.1.2). */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'asdfghjk',
  'iloveyou',
  'abc12345',
  'abcd1234',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'aa123456',
  'a1234567',
  'letmein1',
  'welcome1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'trustno1',
  'dragon12',
  'monkey12',
  'changeme',
])

const email = z
  .string({ error: 'errors.email' })
  .transform((value) => value.normalize('NFKC').trim())
  .pipe(z.email('errors.email').max(254, 'errors.email'))

const existingPassword = z.string({ error: 'errors.passwordRequired' }).min(1, 'errors.passwordRequired').max(ACCOUNT_LIMITS.passwordMax, 'errors.credentials')

const newPassword = z
  .string({ error: 'errors.passwordLength' })
  .min(ACCOUNT_LIMITS.passwordMin, 'errors.passwordLength')
  .max(ACCOUNT_LIMITS.passwordMax, 'errors.passwordLength')
  .refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()) && !/^(.)\1+$/.test(value), 'errors.passwordCommon')

const code = z
  .string({ error: 'errors.codeFormat' })
  .transform((value) => value.normalize('NFKC').replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'errors.codeFormat'))

export const FORMS = {
  signin: z.object({ email, password: existingPassword }),
  register: z.object({ nick: nickSchemaForLogin(), email, password: newPassword }),
  verify: z.object({ email, code }),
  resend: z.object({ email }),
  forgot: z.object({ email }),
  reset: z.object({ email, code, password: newPassword }),
}

/** The site's nick rules with the login page's message keys. */
function nickSchemaForLogin() {
  return z
    .string({ error: 'errors.nickLength' })
    .superRefine((value, context) => {
      const parsed = nickSchema.safeParse(value)
      if (parsed.success) return
      const message = parsed.error.issues[0]?.message === 'profile.nickCharacters' ? 'errors.nickCharacters' : 'errors.nickLength'
      context.addIssue({ code: 'custom', message })
    })
    .transform((value) => nickSchema.parse(value))
}

export type FormName = keyof typeof FORMS

/** Field -> message key; the first problem of each field. */
export function fieldProblems(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_')
    fields[field] ??= issue.message.startsWith('errors.') ? issue.message : 'errors.invalid'
  }
  return fields
}
