import { useHelpCenter } from './help-center-context';

/** The floating Help button (bottom right), or inline when `inline` is set. */
export function HelpButton({ inline = false }: { inline?: boolean }) {
  const { openHelp } = useHelpCenter();
  return (
    <button
      type="button"
      className={inline ? 'btn btn--ghost btn--size-sm' : 'help-fab'}
      onClick={() => openHelp()}
      aria-haspopup="dialog"
    >
      <span aria-hidden="true" className="help-fab__icon">
        ?
      </span>
      <span className={inline ? undefined : 'help-fab__label'}>Help</span>
    </button>
  );
}
