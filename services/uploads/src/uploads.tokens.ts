export const UPLOADS_STORE = Symbol('UPLOADS_STORE');
