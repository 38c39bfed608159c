import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
// The help button's and tooltips' styles are needed on every page, before the dialog loads.
import '../help.css';

// Articles are Markdown: the dialog and its renderer load when help is first opened, not with
// every page.
const HelpCenterDialog = lazy(() =>
  import('./help-center-dialog').then((module) => ({ default: module.HelpCenterDialog })),
);

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
      {target ? (
        <Suspense fallback={null}>
          <HelpCenterDialog target={target} onClose={() => setTarget(null)} />
        </Suspense>
      ) : null}
    </HelpCenterContext.Provider>
  );
}

export function useHelpCenter(): HelpCenterValue {
  const value = useContext(HelpCenterContext);
  if (!value) throw new Error('useHelpCenter needs a HelpCenterProvider above it');
  return value;
}
