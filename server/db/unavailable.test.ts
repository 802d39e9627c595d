import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError, isDatabaseUnavailable, typedDatabaseError } from './unavailable.ts'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('when the database refused, dropped, failed over, timed out or is starting, then it is unavailable', () => {
    const gone = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006'),
      withCode('08P01'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('wrapped', { cause: withCode('ECONNREFUSED') }),
      new DatabaseUnavailableError(new Error('anything')),
    ]
    for (const error of gone) expect(isDatabaseUnavailable(error), String(error)).toBe(true)
  })

  it('when a query itself was wrong or lost a race, then it is not: those keep their own answers', () => {
    const wrong = [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('40001', 'could not serialize access'),
      withCode('55P03', 'could not obtain lock'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('22P02', 'invalid input syntax'),
      new Error('Connection string is wrong: terminated'),
      new TypeError('x is undefined'),
      null,
      'ECONNREFUSED',
    ]
    for (const error of wrong) expect(isDatabaseUnavailable(error), String(error)).toBe(false)
  })

  it('when an error says the database went away, then it is typed once, keeping the original as its cause', () => {
    const original = withCode('57P01')
    const typed = typedDatabaseError(original)
    expect(typed).toBeInstanceOf(DatabaseUnavailableError)
    expect((typed as Error).cause).toBe(original)
    expect(typedDatabaseError(typed)).toBe(typed)
    const unique = withCode('23505')
    expect(typedDatabaseError(unique)).toBe(unique)
  })
})
