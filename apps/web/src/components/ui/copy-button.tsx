import { useEffect, useState } from 'react';
import { Button } from './button';

/** After a copy the button says '✓ Copied' for 2 seconds, then its label again. */
export const COPIED_TICK_MS = 2_000;

type CopyButtonProps = {
  text: string;
  label?: string;
};

/** Copies `text` to the clipboard and shows a tick for two seconds. */
export function CopyButton({ text, label = 'Copy' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_TICK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? '✓ Copied' : label}
    </Button>
  );
}
