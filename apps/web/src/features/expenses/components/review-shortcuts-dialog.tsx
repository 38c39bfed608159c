import { Dialog } from '@/components/ui/dialog';
import { REVIEW_SHORTCUTS } from './use-review-queue';

/** The `?` list of the review queue's shortcuts. */
export function ReviewShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} size="sm" title="Keyboard shortcuts">
      <dl className="review-shortcuts">
        {REVIEW_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.does} className="review-shortcuts__row">
            <dt>
              {shortcut.keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
