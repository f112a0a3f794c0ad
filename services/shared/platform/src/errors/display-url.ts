/** A URL as error messages may show it: scheme, host and path, never credentials or query. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/$/, '')}`;
  } catch {
    return '(invalid URL)';
  }
}
