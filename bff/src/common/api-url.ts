/** Whether a request URL (with or without its query string) is under `/api`: an API route, never a page. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
