import { render } from '@testing-library/react';

import { formatDocumentTitle, useDocumentTitle } from './document-title';

function Titled({ parts }: { parts: string[] }) {
  useDocumentTitle(...parts);
  return null;
}

describe('document title', () => {
  it('puts the most specific part first and the product last', () => {
    expect(formatDocumentTitle('Claims', 'acme-outdoor')).toBe(
      'Claims · acme-outdoor · Partner Portal',
    );
    expect(formatDocumentTitle()).toBe('Partner Portal');
    expect(formatDocumentTitle('Sign in', ' ')).toBe('Sign in · Partner Portal');
  });

  it('follows the screen', () => {
    const { rerender } = render(<Titled parts={['Overview', 'acme-outdoor']} />);
    expect(document.title).toBe('Overview · acme-outdoor · Partner Portal');
    rerender(<Titled parts={['Claims', 'acme-outdoor']} />);
    expect(document.title).toBe('Claims · acme-outdoor · Partner Portal');
  });
});
