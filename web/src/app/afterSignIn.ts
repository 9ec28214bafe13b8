/**
 * Where login and registration reload to: the home page (SPEC 4), except from a share link (a
 * playlist's page, docs/playlists.md), which is what the visitor came to open.
 */
export function pathAfterSignIn(pathname: string): string {
  return /^\/playlists\/\d+$/.test(pathname) ? pathname : '/';
}
