/** better-auth's admin plugin keeps roles as a comma-separated list. */
export function isPlatformAdmin(user: { role?: string | null }): boolean {
  return (user.role ?? '').split(',').some((role) => role.trim() === 'admin');
}
