import { Dialog } from '@/components/ui/dialog';
import { useUsernameHistory } from '@/features/account/api/get-username-history';
import { hoursUntilChange } from '@/features/account/utils/username';
import { UsernameForm } from './username-form';

type UsernameDialogProps = {
  open: boolean;
  onClose: () => void;
  current: string | null;
  changedAt: string | null;
  suggestion: string;
  onAssigned: () => void;
};

/** Username setup and change, with the change history (opened from Settings). */
export function UsernameDialog(props: UsernameDialogProps) {
  if (!props.open) return null;
  return <UsernameDialogBody {...props} />;
}

function UsernameDialogBody({
  onClose,
  current,
  changedAt,
  suggestion,
  onAssigned,
}: UsernameDialogProps) {
  const history = useUsernameHistory();
  const hours = current ? hoursUntilChange(changedAt) : 0;
  return (
    <Dialog open onClose={onClose} title={current ? 'Change Username' : 'Choose Username'}>
      {hours > 0 ? (
        <p className="notice" role="status">
          You can change your username again in {hours} hour{hours === 1 ? '' : 's'}.
        </p>
      ) : null}
      <UsernameForm
        current={current}
        initial={current ?? suggestion}
        submitLabel="Assign"
        disabled={hours > 0}
        onAssigned={() => {
          onAssigned();
          onClose();
        }}
      />
      {history.data?.history.length ? (
        <section className="history" aria-label="Username history">
          <h3 className="history__title">History</h3>
          <ul>
            {history.data.history.map((entry) => (
              <li key={entry.changed_at}>
                {entry.old_username ? `${entry.old_username} → ` : ''}
                <strong>{entry.new_username}</strong>{' '}
                <time dateTime={entry.changed_at}>
                  {new Date(entry.changed_at).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Dialog>
  );
}
