/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (HelpFeedbackConfig). */
export const HELP_FEEDBACK_CONFIG = Symbol('HELP_FEEDBACK_CONFIG');
