import path from 'node:path';
import { z } from 'zod';
import { loadConfigOrExit, serviceEnv } from '@snaptrack/nest-config';

export const helpFeedbackEnv = serviceEnv.extend({
  /** Folder of help categories (`<key>/_category.md`) and articles (`<key>/*.md`). */
  HELP_CONTENT_DIR: z
    .string()
    .min(1)
    .default('content/help')
    .transform((dir) => path.resolve(dir)),
  /** The changelog the versions and release notes come from. */
  CHANGELOG_FILE: z
    .string()
    .min(1)
    .default('content/changelog.md')
    .transform((file) => path.resolve(file)),
});

export type HelpFeedbackConfig = z.infer<typeof helpFeedbackEnv>;

/** The schema this service owns (the role is help_feedback; see deploy/postgres/init.sql). */
export const HELP_SCHEMA = 'help';

export function loadHelpFeedbackConfig(): HelpFeedbackConfig {
  return loadConfigOrExit('help-feedback-service', helpFeedbackEnv);
}
