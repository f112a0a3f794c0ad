declare const __CAIRN_VERSION__: string | undefined;

/** The version of Cairn this chat was built as (its package version, set at build time; 'dev' unbuilt). */
export const CAIRN_VERSION: string = typeof __CAIRN_VERSION__ === 'string' ? __CAIRN_VERSION__ : 'dev';
