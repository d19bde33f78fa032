import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSafeHtml } from './safe-html';

describe('renderSafeHtml', () => {
  it('keeps allowed structure and text', () => {
    const { container } = render(<div>{renderSafeHtml('<h2>Scope</h2><p>Use of <strong>Bulut</strong></p><ul><li>One</li></ul>')}</div>);
    expect(container.innerHTML).toBe('<div><h2>Scope</h2><p>Use of <strong>Bulut</strong></p><ul><li>One</li></ul></div>');
  });

  it('drops scripts, styles, handlers and unsafe links', () => {
    const { container } = render(
      <div>
        {renderSafeHtml(
          '<script>alert(1)</script><style>p{}</style><p onclick="x()" style="color:red">Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.com/t">good</a></p><iframe src="https://evil"></iframe>',
        )}
      </div>,
    );
    const html = container.innerHTML;
    expect(html).not.toMatch(/script|style|onclick|javascript|iframe/);
    expect(container.querySelector('a[href="https://example.com/t"]')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelectorAll('a')[0]).not.toHaveAttribute('href');
  });

  it('unwraps unknown elements but keeps their text', () => {
    const { container } = render(<div>{renderSafeHtml('<custom-tag data-x="1">kept</custom-tag>')}</div>);
    expect(container.innerHTML).toBe('<div><span>kept</span></div>');
  });
});
