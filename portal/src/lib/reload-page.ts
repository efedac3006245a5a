/** Loads the page again from the server: fresh cookies, fresh code. Its own module so tests can mock it. */
export function reloadPage(): void {
  window.location.reload();
}
