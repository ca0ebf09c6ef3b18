/** What every admin screen can reach: configuration, the Auth instance and the session store. */
import type { Auth } from 'firebase/auth';
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/publicConfig';
import type { AdminSession } from './session';

export interface AdminContextValue {
  config: PublicConfig;
  auth: Auth;
  session: AdminSession;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin() outside <AdminContext>');
  return value;
}
