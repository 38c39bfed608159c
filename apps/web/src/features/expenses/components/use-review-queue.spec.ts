import { describe, expect, it } from '@jest/globals';
import {
  initialReviewState,
  reviewCommandFor,
  reviewReducer,
  type ReviewState,
} from './use-review-queue';

const on = (tagName: string) => ({ tagName });

describe('reviewReducer', () => {
  it('moves within the queue and stops at both ends', () => {
    let state: ReviewState = initialReviewState;
    state = reviewReducer(state, { type: 'previous' });
    expect(state.index).toBe(0);
    state = reviewReducer(state, { type: 'next', length: 2 });
    state = reviewReducer(state, { type: 'next', length: 2 });
    expect(state.index).toBe(1);
    state = reviewReducer(state, { type: 'previous' });
    expect(state.index).toBe(0);
  });

  it('forgets the highlighted field when moving on or closing the form', () => {
    let state = reviewReducer(initialReviewState, { type: 'open', mode: 'edit' });
    state = reviewReducer(state, { type: 'focus', field: 'amount' });
    expect(state).toMatchObject({ mode: 'edit', field: 'amount' });
    expect(reviewReducer(state, { type: 'close' })).toMatchObject({ mode: 'view', field: null });
    expect(reviewReducer(state, { type: 'next', length: 3 }).field).toBeNull();
  });

  it('remembers a confirmed receipt and leaves whatever was open', () => {
    const editing = reviewReducer(initialReviewState, { type: 'open', mode: 'delete' });
    const state = reviewReducer(editing, { type: 'confirmed', id: 'a' });
    expect(state).toMatchObject({ mode: 'view', confirmed: ['a'], index: 0 });
  });
});

describe('reviewCommandFor', () => {
  it('maps J/K, the arrows, Enter, E, D and ? on the page', () => {
    const body = on('BODY');
    const keys = ['j', 'J', 'ArrowDown', 'ArrowRight', 'k', 'ArrowUp', 'ArrowLeft', 'Enter'];
    expect(keys.map((key) => reviewCommandFor({ key, target: body }, 'view'))).toEqual([
      'next',
      'next',
      'next',
      'next',
      'previous',
      'previous',
      'previous',
      'confirm',
    ]);
    expect(reviewCommandFor({ key: 'e', target: body }, 'view')).toBe('edit');
    expect(reviewCommandFor({ key: 'D', target: body }, 'view')).toBe('delete');
    expect(reviewCommandFor({ key: '?', target: body }, 'view')).toBe('help');
    expect(reviewCommandFor({ key: 'x', target: body }, 'view')).toBeNull();
  });

  it('leaves typing to the fields and Enter to a focused button or link', () => {
    expect(reviewCommandFor({ key: 'j', target: on('INPUT') }, 'view')).toBeNull();
    expect(reviewCommandFor({ key: 'e', target: on('TEXTAREA') }, 'view')).toBeNull();
    expect(reviewCommandFor({ key: 'Enter', target: on('BUTTON') }, 'view')).toBeNull();
    expect(reviewCommandFor({ key: 'Enter', target: on('A') }, 'view')).toBeNull();
    // Moving on from a focused button still works.
    expect(reviewCommandFor({ key: 'j', target: on('BUTTON') }, 'view')).toBe('next');
  });

  it('gives an open form or dialog the keyboard, but Escape (the edit form keeps Escape too)', () => {
    const body = on('BODY');
    expect(reviewCommandFor({ key: 'j', target: body }, 'edit')).toBeNull();
    expect(reviewCommandFor({ key: 'Enter', target: body }, 'delete')).toBeNull();
    expect(reviewCommandFor({ key: 'Escape', target: body }, 'edit')).toBeNull();
    expect(reviewCommandFor({ key: 'Escape', target: body }, 'delete')).toBe('close');
    expect(reviewCommandFor({ key: '?', target: body }, 'help')).toBe('close');
  });

  it('ignores shortcuts of the browser (Ctrl, Cmd, Alt)', () => {
    expect(reviewCommandFor({ key: 'd', target: on('BODY'), ctrlKey: true }, 'view')).toBeNull();
    expect(reviewCommandFor({ key: 'k', target: on('BODY'), metaKey: true }, 'view')).toBeNull();
  });
});
