import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../test/render';
import { RichText } from './RichText';

// Facility-authored HTML (legal text, content pages) shown as its formatting, with anything that could run or
// send the reader elsewhere unseen taken out again in the browser.

describe('rich text', () => {
  it('shows the formatting and links a facility wrote', async () => {
    await renderInApp(
      <RichText html='<p>Read our <strong>terms</strong> and <a href="https://example.org/privacy">privacy notice</a>.</p>' />,
    );
    expect(screen.getByText('terms').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe(
      'https://example.org/privacy',
    );
  });

  it('drops scripts, event handlers and javascript: links, keeping their words', async () => {
    const { container } = await renderInApp(
      <RichText
        html={
          '<p onclick="alert(1)">Hello<script>alert(2)</script> <img src="x" onerror="alert(3)">' +
          '<a href="javascript:alert(4)">click</a></p><iframe src="https://evil.example"></iframe>'
        }
      />,
    );
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(container.querySelector('[onclick], [onerror]')).toBeNull();
    expect(screen.getByText('click').getAttribute('href')).toBeNull();
    expect(container.textContent).toBe('Hello click');
  });

  it('takes the class it is given', async () => {
    const { container } = await renderInApp(<RichText html="<p>Legal</p>" className="portal-legal-text" />);
    expect(container.querySelector('.portal-legal-text')?.textContent).toBe('Legal');
  });
});
