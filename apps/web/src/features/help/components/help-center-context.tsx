import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { HelpCenterDialog } from './help-center-dialog';

/** Where the help centre opens: the categories, one category's articles, or one article. */
export type HelpTarget = { category?: string; article?: string };

type HelpCenterValue = { openHelp: (target?: HelpTarget) => void };

const HelpCenterContext = createContext<HelpCenterValue | null>(null);

/** Holds the one help centre dialog of the page; anything below can open it. */
export function HelpCenterProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HelpTarget | null>(null);
  // A new object per open, so opening the same article twice still resets the dialog.
  const openHelp = useCallback((next: HelpTarget = {}) => setTarget({ ...next }), []);
  const value = useMemo(() => ({ openHelp }), [openHelp]);
  return (
    <HelpCenterContext.Provider value={value}>
      {children}
      <HelpCenterDialog target={target} onClose={() => setTarget(null)} />
    </HelpCenterContext.Provider>
  );
}

export function useHelpCenter(): HelpCenterValue {
  const value = useContext(HelpCenterContext);
  if (!value) throw new Error('useHelpCenter needs a HelpCenterProvider above it');
  return value;
}
