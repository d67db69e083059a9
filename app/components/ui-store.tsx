import { createContext, useContext, useState, type ReactNode } from "react";
import { createStore, useStore, type StoreApi } from "zustand";

/** What only the browser knows about the chrome: which menu is open, whether the mobile panel is. */
type ChromeState = {
  openMenu: string | null;
  panelOpen: boolean;
  consentAccepted: boolean;
  setOpenMenu: (id: string | null) => void;
  setPanelOpen: (open: boolean) => void;
  acceptConsent: () => void;
};

const createChromeStore = (initial: { consentAccepted: boolean }) =>
  createStore<ChromeState>()((set) => ({
    openMenu: null,
    panelOpen: false,
    consentAccepted: initial.consentAccepted,
    setOpenMenu: (openMenu) => set({ openMenu }),
    setPanelOpen: (panelOpen) => set({ panelOpen, openMenu: null }),
    acceptConsent: () => set({ consentAccepted: true }),
  }));

const ChromeStoreContext = createContext<StoreApi<ChromeState> | null>(null);

/** One store per render tree: on the server, one per request, never shared between visitors. */
export function ChromeStoreProvider({ consentAccepted, children }: { consentAccepted: boolean; children: ReactNode }) {
  const [store] = useState(() => createChromeStore({ consentAccepted }));
  return <ChromeStoreContext.Provider value={store}>{children}</ChromeStoreContext.Provider>;
}

export function useChrome<T>(select: (state: ChromeState) => T): T {
  const store = useContext(ChromeStoreContext);
  if (!store) throw new Error("useChrome fuera de ChromeStoreProvider");
  return useStore(store, select);
}
