import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Marked } from './Marked.js';

describe('Marked', () => {
  it('marks the matched terms by their offsets, as text only', () => {
    const { container } = render(<Marked snippet={{ text: 'Perdita olio tenuta principale', marks: [[8, 12], [0, 7]] }} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Perdita', 'olio']);
    expect(container.textContent).toBe('Perdita olio tenuta principale');
  });

  it('never turns the text into markup, and clips marks outside the text or overlapping', () => {
    const { container } = render(<Marked snippet={{ text: '<img src=x onerror=alert(1)> 漏油', marks: [[29, 31], [30, 40], [50, 60], [5, 5]] }} />);
    expect(container.querySelector('img')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['漏油']);
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> 漏油');
  });
});
