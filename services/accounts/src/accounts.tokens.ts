export const ACCOUNTS_STORE = Symbol('ACCOUNTS_STORE');
