import { useHelpCenter } from './help-center-context';

/** A small (?) beside a control that opens the help centre at one article. */
export function HelpTooltip({ article, label }: { article: string; label: string }) {
  const { openHelp } = useHelpCenter();
  return (
    <button
      type="button"
      className="help-tip"
      aria-label={`Help: ${label}`}
      title={label}
      onClick={() => openHelp({ article })}
    >
      ?
    </button>
  );
}
