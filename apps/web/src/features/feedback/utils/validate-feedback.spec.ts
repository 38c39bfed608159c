import { describe, expect, it } from '@jest/globals';
import { validateFeedback, type FeedbackDraft } from './validate-feedback';

const valid: FeedbackDraft = {
  type: 'general_rating',
  category: 'overall',
  rating: 5,
  subject: '',
  message: 'Works well for me.',
};

describe('validateFeedback', () => {
  it('accepts a complete draft', () => {
    expect(validateFeedback(valid)).toBeNull();
    expect(validateFeedback({ ...valid, type: 'feature_request', rating: null })).toBeNull();
  });

  it.each([
    [{ type: '' as const }, 'Feedback type is required'],
    [{ category: '' }, 'Category is required'],
    [{ message: '   ' }, 'Message is required'],
    [{ message: '123456789' }, 'Message must be at least 10 characters'],
    [{ message: 'x'.repeat(2001) }, 'Message must be less than 2000 characters'],
    [{ rating: null }, 'Rating is required for general feedback'],
    [{ rating: 6 }, 'Rating must be between 1 and 5'],
    [{ subject: 's'.repeat(101) }, 'Subject must be at most 100 characters'],
  ])('%j gives %s', (change, message) => {
    expect(validateFeedback({ ...valid, ...change })).toBe(message);
  });

  it('counts 10 characters after trimming as enough', () => {
    expect(validateFeedback({ ...valid, message: '  1234567890  ' })).toBeNull();
  });
});
