/** The multipart PDF check (not a gateway function): the upload page posts here, the platform's route listens here. */
export const VERIFY_FILE_PATH = '/api/verify/file'
export const VERIFY_FILE_FIELD = 'file'
