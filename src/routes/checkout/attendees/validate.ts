// The attendee rules live in src/lib, where the exhibitor area's pass form reads them too.
export { type Errors, FIELDS, type Field, validateAttendees } from '../../../lib/validate-attendees.ts'
