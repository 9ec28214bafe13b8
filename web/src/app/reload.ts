/** A full page load of `path`: login and registration reload to home so every cache starts fresh (SPEC 4). */
export function reloadTo(path: string): void {
  window.location.assign(path);
}
