import { describe, expect, it } from 'vitest'
import { daysLeft, reminderDue, taskState } from './exhibitor-tasks.ts'

describe('exhibitor task days', () => {
  it('when the venue day moves towards the due day, then the week reminder starts seven days before and the day reminder the day before', () => {
    expect(daysLeft('2027-04-12', '2027-04-20')).toBe(8)
    expect(reminderDue('2027-04-12', '2027-04-20')).toBeNull()
    expect(reminderDue('2027-04-13', '2027-04-20')).toBe('week')
    expect(reminderDue('2027-04-18', '2027-04-20')).toBe('week')
    expect(reminderDue('2027-04-19', '2027-04-20')).toBe('day')
    expect(reminderDue('2027-04-20', '2027-04-20')).toBe('day')
    expect(reminderDue('2027-04-21', '2027-04-20')).toBeNull()
  })

  it('when a month or a year turns, then the days are counted across it', () => {
    expect(daysLeft('2027-02-26', '2027-03-01')).toBe(3)
    expect(daysLeft('2027-12-31', '2028-01-01')).toBe(1)
    expect(daysLeft('2028-02-28', '2028-03-01')).toBe(2)
  })

  it('when a task is not done, then it is due through its day and overdue after it; done is done whatever the day', () => {
    expect(taskState(false, '2027-04-20', '2027-04-20')).toBe('due')
    expect(taskState(false, '2027-04-21', '2027-04-20')).toBe('overdue')
    expect(taskState(true, '2027-05-01', '2027-04-20')).toBe('done')
  })
})
