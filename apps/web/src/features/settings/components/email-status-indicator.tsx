import { EMAIL_STATUS_LABELS, emailStatus } from '../utils/email-status';
import './settings.css';

type EmailStatusIndicatorProps = {
  user: { email_username: string | null; personal_subdomain: string | null } | null | undefined;
  onClick: () => void;
};

/** Header pill: Email Ready, Legacy Format or Set Up Email; opens the email settings. */
export function EmailStatusIndicator({ user, onClick }: EmailStatusIndicatorProps) {
  const status = emailStatus(user);
  return (
    <button
      type="button"
      className={`email-status email-status--${status}`}
      onClick={onClick}
      title="Email settings"
    >
      <span className="hide-sm">{EMAIL_STATUS_LABELS[status]}</span>
    </button>
  );
}
