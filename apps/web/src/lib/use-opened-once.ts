import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog rendered behind it is neither loaded nor
 * rendered before anyone opens it, and keeps its state (filters, drafts) once it has been.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
