import { create } from 'zustand';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

type SaveStatusState = {
  status: SaveStatus;
  /** Optional text shown instead of the spec §4 fallback of the state. */
  message?: string;
  saving: (message?: string) => void;
  saved: (message?: string) => void;
  failed: (message?: string) => void;
  reset: () => void;
};

/**
 * The header save indicator (spec §4): one store that any page's save drives. `idle` is the neutral
 * state and shows nothing. Pages call `saving()` when a save starts, then `saved()` or `failed(message)`.
 */
export const useSaveStatusStore = create<SaveStatusState>()((set) => ({
  status: 'idle',
  saving: (message) => set({ status: 'saving', message }),
  saved: (message) => set({ status: 'saved', message }),
  failed: (message) => set({ status: 'error', message }),
  reset: () => set({ status: 'idle', message: undefined }),
}));
