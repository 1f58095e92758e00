/**
 * Loads the page again from the server. After a failed chunk this is the retry that always works:
 * a new deploy may have replaced the chunk's hashed name, and only a fresh index.html knows it.
 */
export function reloadPage(): void {
  window.location.reload();
}
