import { renderMail, type MailMessage, type Mailer } from '@snaptrack/mailer';
import type { Logger } from '@snaptrack/nest-logging';

/**
 * The mail auth-service sends. `send` does not wait for delivery: a slow SMTP server must
 * neither hold a request nor change how long an answer takes (the reset padding relies on it).
 */
export class AuthMailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  passwordReset(to: string, link: string): void {
    this.send({
      to,
      tag: 'password-reset',
      subject: 'Reset your SnapTrack password',
      ...renderMail({
        heading: 'Reset your password',
        paragraphs: [
          'Someone asked to reset the password of your SnapTrack account. If it was you, choose a new password with the link below. It works once, within one hour.',
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ],
        action: { label: 'Choose a new password', url: link },
      }),
    });
  }

  passwordChanged(to: string): void {
    this.send({
      to,
      tag: 'password-changed',
      subject: 'Your SnapTrack password was changed',
      ...renderMail({
        heading: 'Your password was changed',
        paragraphs: [
          'The password of your SnapTrack account was just changed, and every other session was signed out.',
          'If this was not you, reset your password at once and contact support.',
        ],
      }),
    });
  }

  passwordSetup(to: string, link: string): void {
    this.send({
      to,
      tag: 'setup-password',
      subject: 'Welcome to SnapTrack: set your password',
      ...renderMail({
        heading: 'Welcome to SnapTrack',
        paragraphs: [
          'Thank you for subscribing. Set the password of your account with the link below to start tracking your receipts. The link works once, within 7 days.',
        ],
        action: { label: 'Set your password', url: link },
      }),
    });
  }

  verifyEmail(to: string, link: string): void {
    this.send({
      to,
      tag: 'verify-email',
      subject: 'Verify your email address for SnapTrack',
      ...renderMail({
        heading: 'Verify your email address',
        paragraphs: [
          'Confirm that this address belongs to you, so that SnapTrack can reach you here. The link works once, within 24 hours.',
        ],
        action: { label: 'Verify email address', url: link },
      }),
    });
  }

  /** Resolves when every mail handed over so far was delivered or failed (for shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private send(message: MailMessage): void {
    const delivery = this.mailer
      .send(message)
      .then(() => undefined)
      .catch((error: unknown) => {
        this.logger.error({ err: error, tag: message.tag }, 'mail could not be sent');
      })
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }
}
