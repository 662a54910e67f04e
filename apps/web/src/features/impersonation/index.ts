/** What other features may use of impersonation (decision 024: features meet only through their index). */
export { useConnectAdminSession } from './api/impersonation.ts';
export { ActAsUserButton } from './components/act-as-user-button.tsx';
