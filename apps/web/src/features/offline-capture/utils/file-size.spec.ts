import { describe, expect, it } from '@jest/globals';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('reads as people read sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(840 * 1024)).toBe('840 KB');
    expect(formatFileSize(2.44 * 1024 * 1024)).toBe('2.4 MB');
    expect(formatFileSize(19.6 * 1024 * 1024)).toBe('20 MB');
  });

  it('shows nothing for a size it cannot know', () => {
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(-1)).toBe('');
  });
});
