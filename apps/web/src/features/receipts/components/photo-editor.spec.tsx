/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PhotoEdit } from '../utils/photo-edit';
import { PhotoEditor } from './photo-editor';

afterEach(cleanup);

const photo = () => new File(['jpeg'], 'till.jpg', { type: 'image/jpeg' });

function renderEditor() {
  const onUse = jest.fn<(edit: PhotoEdit) => void>();
  const onSkip = jest.fn<() => void>();
  const onCancel = jest.fn<() => void>();
  render(<PhotoEditor photo={photo()} onUse={onUse} onSkip={onSkip} onCancel={onCancel} />);
  return { onUse, onSkip, onCancel };
}

describe('PhotoEditor', () => {
  it('hands over the turn and the trims chosen', () => {
    const { onUse, onSkip } = renderEditor();
    expect(screen.getByRole('heading', { name: 'Crop and rotate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(screen.getByText('Turned 90°')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Trim top'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Trim right'), { target: { value: '10' } });
    expect(screen.getByText('20%')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(onUse).toHaveBeenCalledWith({
      rotation: 90,
      crop: { top: 0.2, right: 0.1, bottom: 0, left: 0 },
    });
    expect(onSkip).not.toHaveBeenCalled();
  });

  it('turns left from upright to 270° and never trims more than 45%', () => {
    const { onUse } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    fireEvent.change(screen.getByLabelText('Trim bottom'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(onUse).toHaveBeenCalledWith({
      rotation: 270,
      crop: { top: 0, right: 0, bottom: 0.45, left: 0 },
    });
  });

  it('can be skipped or cancelled', () => {
    const { onUse, onSkip, onCancel } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Skip: upload as taken' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onUse).not.toHaveBeenCalled();
  });
});
