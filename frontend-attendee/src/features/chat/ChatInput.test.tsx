import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatInput } from './ChatInput';

function Harness({ onSubmit }: { onSubmit: (v: string) => void }) {
  const [value, setValue] = useState('');
  return <ChatInput value={value} onChange={setValue} onSubmit={() => onSubmit(value)} disabled={false} />;
}

describe('ChatInput', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: 'Ask a question about the conference' });
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('line one\nline two');
  });

  it('starts 48 px high and grows to at most 200 px', () => {
    render(<Harness onSubmit={() => undefined} />);
    const box = screen.getByRole('textbox');
    expect(box.style.minHeight).toBe('48px');
    expect(box.style.maxHeight).toBe('200px');
    expect(box.style.height).toBe('48px');
  });
});
