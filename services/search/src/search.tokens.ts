export const SEARCH_STORE = Symbol('SEARCH_STORE');
