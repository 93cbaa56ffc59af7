/** A signed-in session in sessionStorage, as a login leaves it (the leave guard holds a signed-in user only). */
export function signIn(): void {
  window.sessionStorage.setItem('access_token', 'test-access-token');
  window.sessionStorage.setItem('refresh_token', 'test-refresh-token');
  window.sessionStorage.setItem('expires', String(Date.now() + 60 * 60_000));
  window.sessionStorage.setItem('loginType', 'Patient');
  window.sessionStorage.setItem('isAuthenticated', 'true');
  window.sessionStorage.setItem('userName', 'jane');
}

/** No session at all (logged out, or timed out). */
export function signOut(): void {
  window.sessionStorage.clear();
}
