import { createContext, useContext } from 'react';
import type { SpecRoute } from './specRoutes';

/** The routes that have a page mounted, so links to unbuilt features can be left out. */
export const AvailableRoutesContext = createContext<ReadonlySet<SpecRoute>>(new Set());

export function useAvailableRoutes(): ReadonlySet<SpecRoute> {
  return useContext(AvailableRoutesContext);
}
